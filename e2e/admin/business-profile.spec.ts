// Business Profile: an admin edits hours and contacts and the footer follows at once; a manager may
// only look. Saving changes what every page's footer shows, so that journey runs on a server of its
// own; the read-only checks use the shared one.
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { testOnOwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';

function hours(page: Page) {
  return page.getByRole('region', { name: 'Business hours' });
}

/** A footer hours line, e.g. 'Sun: Closed'. */
function footerLine(page: Page, text: string) {
  return page.getByRole('contentinfo').getByText(text, { exact: true });
}

testOnOwnServer(
  'an admin closes Sunday and changes the phone, and the footer shows it at once',
  async ({ api, page, signIn }) => {
    const admin = await api.createUser('admin');
    await signIn(page, admin);
    await page.goto('/');
    await expect(footerLine(page, 'Sun: 9:00 AM - 5:00 PM')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/admin/business-profile');
    await expect(page.getByRole('heading', { name: 'Business Profile', level: 1 })).toBeVisible();
    await expect(hours(page)).toContainText('9:00 AM - 5:00 PM');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Business name')).toBeFocused();

    // Closing time before opening time is refused with the spec's message.
    const mondayClose = page.getByLabel('Monday closing time');
    await mondayClose.fill('06:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(mondayClose).toHaveAccessibleDescription(
      'Closing time must be after opening time',
    );
    await expectAccessible(page);
    await mondayClose.fill('19:00');

    const phone = page.getByLabel('Phone');
    await phone.fill('');
    await phone.pressSequentially('555 987 6543');
    await expect(phone).toHaveValue('(555) 987-6543');

    const sunday = page.getByRole('switch', { name: 'Open on Sunday' });
    await expect(sunday).toBeChecked();
    await sunday.click();
    await expect(sunday).not.toBeChecked();
    await expect(page.getByLabel('Sunday opening time')).toBeHidden();
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Business profile saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(hours(page).getByText('Closed')).toBeVisible();
    await expect(hours(page)).toContainText('7:00 AM - 7:00 PM');
    await expect(page.getByText('(555) 987-6543')).toBeVisible();
    await expectAccessible(page);

    // In-app navigation, no reload: the footer shows what the save put in the cache.
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(footerLine(page, 'Sun: Closed')).toBeVisible();
    await expect(footerLine(page, 'Mon-Fri: 7:00 AM - 7:00 PM')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Call Us' })).toHaveAttribute(
      'href',
      'tel:+15559876543',
    );
    await expectAccessible(page);
  },
);

testOnOwnServer('Cancel discards the changes', async ({ api, page, signIn }) => {
  const admin = await api.createUser('super_admin');
  await signIn(page, admin);
  await page.goto('/admin/business-profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('switch', { name: 'Open on Saturday' }).click();
  await page.getByLabel('Business name').fill('Not Saved');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByText('Not Saved')).toHaveCount(0);
  await expect(hours(page).getByText('Closed')).toHaveCount(0);
  await expectAccessible(page);
});

test('a manager sees the business profile read-only', async ({ api, page, signIn }) => {
  const manager = await api.createUser('manager');
  await signIn(page, manager);
  await page.goto('/admin/business-profile');

  await expect(page.getByRole('heading', { name: 'Business Profile', level: 1 })).toBeVisible();
  await expect(hours(page)).toContainText('Monday');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(
    page.getByText('You can view the business profile. Only admins and super admins can edit it.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page);

  // The server refuses the change too.
  const current = await (await page.request.get('/api/business')).json();
  const response = await (await api.requestAs(manager)).put('/api/business', { data: current });
  expect(response.status()).toBe(403);
});

test('a signed-out visitor is sent to the admin portal', async ({ page }) => {
  await page.goto('/admin/business-profile');
  await expect(page).toHaveURL((url) => url.pathname === '/admin-portal');
  await expect(page.getByRole('heading', { name: 'Admin Portal', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business Profile' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a customer is sent to /admin, which sends them on to the admin portal', async ({
  api,
  page,
  signIn,
}) => {
  const customer = await api.createUser('customer');
  await signIn(page, customer);
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    // The first load can report the same path twice; only changes of path count.
    const path = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && paths.at(-1) !== path) paths.push(path);
  });
  await page.goto('/admin/business-profile');
  // The business profile's guard sends a signed-in user who may not read it to /admin; the
  // dashboard's guard then sends a customer to the admin portal. Both decide in their route
  // loaders, so neither page renders and the address goes straight to the portal.
  await expect(page).toHaveURL((url) => url.pathname === '/admin-portal');
  await expect(page.getByRole('heading', { name: 'Admin Portal', level: 1 })).toBeVisible();
  expect(paths).toEqual(['/admin/business-profile', '/admin-portal']);
  await expect(page.getByRole('heading', { name: 'Business Profile' })).toHaveCount(0);
  await expectAccessible(page);
});
