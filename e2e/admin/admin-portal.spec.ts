// The admin portal login: staff go to /admin; anyone else is signed out again with the spec's
// message.
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';

test('a customer is refused and signed out', async ({ api, page }) => {
  const customer = await api.createUser('customer');
  await page.goto('/admin-portal');
  await expect(page.getByRole('heading', { name: 'Admin Portal', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('alert')).toHaveText(
    'Access denied. This account does not have administrative privileges.',
  );
  await expect(page).toHaveURL(/\/admin-portal$/);
  expect(await (await page.request.get('/api/me')).json()).toEqual({ viewer: null });
  await expectAccessible(page);
});

test('a wrong password is answered in the spec’s words', async ({ api, page }) => {
  const admin = await api.createUser('admin');
  await page.goto('/admin-portal');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('alert')).toHaveText(
    'Invalid credentials. Please check your email and password.',
  );
  await expectAccessible(page);
});

for (const role of ['manager', 'admin', 'super_admin'] as const) {
  test(`a ${role} signs in and lands on /admin`, async ({ api, page, signInThroughUi }) => {
    const staff = await api.createUser(role);
    await signInThroughUi(page, staff, { path: '/admin-portal' });
    await expect(page).toHaveURL(/\/admin$/);
    await expectAccessible(page);

    // Signed in already: the portal sends a staff member straight on.
    await page.goto('/admin-portal');
    await expect(page).toHaveURL(/\/admin$/);
  });
}
