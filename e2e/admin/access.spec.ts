// Who may open the admin dashboard and User Management, and where everyone else is sent, in the
// browser and at the API.
import type { Role } from '@pitstop/shared/roles';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';

const ADMIN_SERVICES = [
  'Manage Users',
  'Manage Services',
  'Manage Technicians',
  'Business Profile',
];

const aOrAn = (role: string) => (/^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`);

const MENU: Record<'manager' | 'admin' | 'super_admin', string[]> = {
  manager: [],
  admin: ['Manage Services', 'Manage Technicians', 'Business Profile'],
  super_admin: ['Manage Users', 'Manage Services', 'Manage Technicians', 'Business Profile'],
};

for (const [role, offered] of Object.entries(MENU) as [keyof typeof MENU, string[]][]) {
  test(`${aOrAn(role)} sees only their Admin Services on the dashboard`, async ({
    api,
    page,
    signIn,
  }) => {
    const staff = await api.createUser(role);
    await signIn(page, staff);
    await page.goto('/admin');

    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText(`Signed in as ${staff.email}`)).toBeVisible();
    const menu = page.getByRole('region', { name: 'Admin Services' });
    await expect(menu).toBeVisible();
    for (const title of ADMIN_SERVICES) {
      await expect(menu.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveCount(
        offered.includes(title) ? 1 : 0,
      );
    }
    await expectAccessible(page);
  });
}

for (const role of ['manager', 'admin'] as const) {
  test(`${aOrAn(role)} opening /admin/users is sent to /admin`, async ({ api, page, signIn }) => {
    const staff = await api.createUser(role);
    await signIn(page, staff);
    await page.goto('/admin/users');

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
    await expectAccessible(page);

    const response = await (await api.requestAs(staff)).get('/api/users');
    expect(response.status()).toBe(403);
  });
}

test('a manager opening /admin/services is sent to /admin', async ({ api, page, signIn }) => {
  const manager = await api.createUser('manager');
  await signIn(page, manager);
  await page.goto('/admin/services');

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expectAccessible(page);
});

for (const role of ['customer', 'technician'] as Role[]) {
  test(`${aOrAn(role)} is sent to the admin portal from /admin and /admin/users`, async ({
    api,
    page,
    signIn,
  }) => {
    const user = await api.createUser(role);
    await signIn(page, user);
    for (const path of ['/admin', '/admin/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin-portal$/);
    }
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expectAccessible(page);
  });
}

test('a signed-out visitor is sent to the admin portal', async ({ page, request }) => {
  for (const path of ['/admin', '/admin/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin-portal$/);
  }
  await expectAccessible(page);

  expect((await request.get('/api/users')).status()).toBe(401);
});

// Pages for staff only, each opened by someone it turns away.
const STAFF_PAGES = [
  '/admin',
  '/admin/appointments',
  '/admin/technicians',
  '/admin/services',
  '/admin/business-profile',
  '/admin/users',
  '/admin/analytics',
  '/admin/metrics/today-appointments',
];

test('staff pages send a signed-out visitor and a customer away before asking the API anything refused', async ({
  api,
  page,
  signIn,
}) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) {
      const { pathname } = new URL(response.url());
      refused.push(`${response.request().method()} ${pathname} ${response.status()}`);
    }
  });
  const visitAll = async (who: string) => {
    for (const path of STAFF_PAGES) {
      await page.goto(path);
      await expect(page, `${who} at ${path}`).toHaveURL(/\/admin-portal$/);
      await page.waitForLoadState('networkidle');
    }
  };

  await visitAll('signed out');
  await signIn(page, await api.createUser('customer'));
  await visitAll('a customer');
  await expectAccessible(page);
  expect(refused).toEqual([]);
});
