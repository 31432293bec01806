// First-admin setup on an EMPTY database: create the super admin, see Setup Complete afterwards,
// sign in through the admin portal and open the users page. Then User Cleanup, which deletes every
// account and opens setup again (only safe on its own server).
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/empty-server.ts';

const ADMIN = { name: 'Avery Owner', email: 'owner@example.com', password: 'owner-secret' };

async function createFirstAdmin(page: Page) {
  await page.goto('/admin-setup');
  await expect(page.getByRole('heading', { name: 'Admin Setup', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password').fill('abd');
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Full Name').fill(ADMIN.name);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Confirm Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByRole('status')).toContainText('Admin account created successfully!');
  // Three seconds later it goes on to the admin portal by itself.
  await page.waitForURL('**/admin-portal', { timeout: 10_000 });
}

async function signInAtPortal(page: Page) {
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin$/);
}

test('create the first admin, see Setup Complete, sign in at the admin portal', async ({
  page,
}) => {
  await createFirstAdmin(page);
  await expectAccessible(page);

  await page.goto('/admin-setup');
  await expect(page.getByRole('heading', { name: 'Setup Complete', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Go to Admin Portal' }).click();
  await expect(page).toHaveURL(/\/admin-portal$/);
  await signInAtPortal(page);
  const me = (await (await page.request.get('/api/me')).json()) as { viewer: { role: string } };
  expect(me.viewer.role).toBe('super_admin');
  await expectAccessible(page);

  // On to the users page, where the new super admin is the only account.
  await page
    .getByRole('region', { name: 'Admin Services' })
    .getByRole('link', { name: /^Manage Users/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Super Admin 1', exact: true })).toBeVisible();
  await expect(page.getByText(ADMIN.email).first()).toBeVisible();
  await expectAccessible(page);
});

test('user cleanup deletes every account and opens setup again', async ({ page }) => {
  await createFirstAdmin(page);
  await signInAtPortal(page);

  await page.goto('/user-cleanup');
  const button = page.getByRole('button', { name: 'Delete All Users' });
  await expect(page.getByText('Every account will be deleted, including yours.')).toBeVisible();
  await expect(button).toBeDisabled();
  await expectAccessible(page);

  const confirmation = page.getByLabel('Type DELETE ALL USERS to confirm');
  await confirmation.fill('delete all users');
  await expect(button).toBeDisabled();
  await confirmation.fill('DELETE ALL USERS');
  await button.click();

  await page.waitForURL('**/admin-setup');
  await expect(page.getByRole('button', { name: 'Create Admin Account' })).toBeVisible();
  // The toast arrives with its own code (loaded on first use) and fades in: scan it when shown.
  await expect(page.getByText('Create the first admin to start again.')).toBeVisible();
  expect(await (await page.request.get('/api/me')).json()).toEqual({ viewer: null });
  await expectAccessible(page);
});
