// Signing up, in and out as a customer, and the technician portal turning a customer away.
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';
import { DESKTOP, PHONE } from '../fixtures/viewports.ts';

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('sign up, sign in, see the user menu, sign out', async ({ api, page }) => {
    const email = api.uniqueEmail('signup');
    const password = 'first-car-2024';
    try {
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create Account', level: 1 })).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm Password').fill('shorter');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(password);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(
        page.getByText('Account created successfully! You can now sign in.'),
      ).toBeVisible();
      await page.waitForURL('**/login');
      await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
      await expectAccessible(page);

      await fillSignIn(page, email, password);
      await page.waitForURL((url) => url.pathname === '/');
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: /Account menu/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toContainText(email);
      await expect(menu).toContainText('Customer');
      await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
      await expectAccessible(page);

      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(banner.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      expect(await (await page.request.get('/api/me')).json()).toEqual({ viewer: null });
      await expectAccessible(page);
    } finally {
      await api.deleteUserByEmail(email);
    }
  });

  test("a wrong password shows 'Sign in failed' with the reason", async ({ api, page }) => {
    const customer = await api.createUser('customer');
    await page.goto('/login');
    await fillSignIn(page, customer.email, 'not-my-password');

    const alert = page.getByRole('alert').filter({ hasText: 'Sign in failed' });
    await expect(alert).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);
  });

  test('the footer Admin Dashboard link follows the role', async ({ api, page, signIn }) => {
    await page.goto('/');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Admin Dashboard' });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(footerLink).toHaveAttribute('href', '/admin-portal');
    await expectAccessible(page);

    await signIn(page, await api.createUser('manager'));
    await page.reload();
    await expect(
      page.getByRole('banner').getByRole('button', { name: /Account menu/ }),
    ).toBeVisible();
    await expect(footerLink).toHaveAttribute('href', '/admin');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the mobile menu shows the account and signs out', async ({ api, page, signIn }) => {
    const admin = await api.createUser('admin');
    await signIn(page, admin);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toContainText(admin.email);
    await expect(menu).toContainText('Admin');
    await expect(menu.getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await expectAccessible(page);

    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(menu.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await (await page.request.get('/api/me')).json()).toEqual({ viewer: null });
  });
});

test('the technician portal turns a customer away and signs them out', async ({ api, page }) => {
  const customer = await api.createUser('customer');
  await page.goto('/tech-portal');
  await expect(page.getByRole('heading', { name: 'Technician Portal', level: 1 })).toBeVisible();
  // Its own screen: no public top bar or footer.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectAccessible(page);

  await fillSignIn(page, customer.email, customer.password);
  await expect(page.getByRole('alert')).toContainText('for technicians only');
  expect(await (await page.request.get('/api/me')).json()).toEqual({ viewer: null });
  await expectAccessible(page);
});

test('a technician signing in at the portal is sent to /technician-onboarding', async ({
  api,
  page,
  signInThroughUi,
}) => {
  const technician = await api.createUser('technician');
  await signInThroughUi(page, technician, { path: '/tech-portal' });
  // Only the redirect is checked: the onboarding screen itself is not built yet (the technician
  // issue), so there is no page here to look at or scan.
  await expect(page).toHaveURL(/\/technician-onboarding$/);
});
