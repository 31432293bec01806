// User Management as a super admin: from the dashboard's Admin Services menu to creating, editing
// and deleting a user, and the refusal to delete yourself. Each test narrows the list to its own
// users with the search box, so users made by tests running in parallel cannot change what it sees,
// counts included.
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await expect(page.getByText(new RegExp(`matching “${escapeRegExp(text)}”`))).toBeVisible();
}

function roleTab(page: Page, label: string, count: number): Locator {
  return page.getByRole('tab', { name: `${label} ${count}`, exact: true });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a super admin creates, edits and deletes a user', async ({ api, page, signIn }) => {
  // One journey with eight axe scans and the dialogs' 1.5 s and 1 s closing delays.
  test.slow();
  const superAdmin = await api.createUser('super_admin', { name: 'Console Super Admin' });
  const email = api.uniqueEmail('ui-made');
  const name = 'Dana Whitfield';
  await signIn(page, superAdmin);

  try {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    const services = page.getByRole('region', { name: 'Admin Services' });
    await expect(services.getByRole('link', { name: /^Manage Users/ })).toBeVisible();
    await expectAccessible(page);

    await services.getByRole('link', { name: /^Manage Users/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
    await searchFor(page, email);
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(roleTab(page, 'All', 0)).toBeVisible();
    await expect(roleTab(page, 'Technician', 0)).toBeVisible();
    await expectAccessible(page);

    // Create
    await page.getByRole('button', { name: 'Create User' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create User' });
    await createDialog.getByLabel('Name').fill(name);
    await createDialog.getByLabel('Email').fill(email);
    await createDialog.getByLabel('Password').fill('short');
    await createDialog.getByLabel('Phone').pressSequentially('5553001200');
    await expect(createDialog.getByLabel('Phone')).toHaveValue('(555) 300-1200');
    await createDialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Technician' }).click();
    await createDialog.getByRole('button', { name: 'Create User' }).click();
    await expect(
      createDialog.getByText('Password must be at least 6 characters long'),
    ).toBeVisible();
    await expectAccessible(page);

    await createDialog.getByLabel('Password').fill('secret-123');
    await createDialog.getByRole('button', { name: 'Create User' }).click();
    await expect(createDialog.getByRole('status')).toHaveText('User account created successfully!');
    await expect(createDialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(name);
    await expect(row).toContainText('Technician');
    await expect(row).toContainText('(555) 300-1200');
    await expect(roleTab(page, 'All', 1)).toBeVisible();
    await expect(roleTab(page, 'Technician', 1)).toBeVisible();
    await expect(roleTab(page, 'Customer', 0)).toBeVisible();
    await expectAccessible(page);

    // Edit: a click on the row opens the dialog; the role is shown but locked.
    await row.getByRole('cell', { name: email }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(editDialog.getByLabel('Name')).toHaveValue(name);
    const role = editDialog.getByLabel('Role');
    await expect(role).toBeDisabled();
    await expect(role).toHaveValue('Technician');
    await expect(role).toHaveAccessibleDescription('Role can only be set during user creation');
    await expectAccessible(page);

    await editDialog.getByLabel('Phone').fill('');
    await editDialog.getByLabel('Phone').pressSequentially('5559876543');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editDialog.getByRole('status')).toHaveText('User updated successfully!');
    await expect(editDialog).toBeHidden();
    await expect(row).toContainText('(555) 987-6543');

    // Delete, after confirming.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete user?' });
    await expect(confirm).toContainText(email);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(roleTab(page, 'All', 0)).toBeVisible();
    // The app-wide toaster (app/providers.tsx, `richColors`) draws success text at 4.25:1, below
    // AA; reported to its owner. Remove this exclusion once that is fixed.
    await expectAccessible(page, { exclude: ['[data-sonner-toaster]'] });
  } finally {
    await api.deleteUserByEmail(email);
  }
});

test('a super admin cannot delete their own account', async ({ api, page, signIn }) => {
  const superAdmin = await api.createUser('super_admin', { name: 'Console Self' });
  await signIn(page, superAdmin);
  await page.goto('/admin/users');
  await searchFor(page, superAdmin.email);

  const row = page.getByRole('row').filter({ hasText: superAdmin.email });
  await expect(row).toContainText('You');
  await expect(row).toContainText('Super Admin');
  const remove = row.getByRole('button', { name: 'Delete Console Self' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription('You cannot delete your own account.');
  await expectAccessible(page);

  await remove.click({ force: true });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(row).toBeVisible();
});

test('a taken e-mail is refused in the server’s words', async ({ api, page, signIn }) => {
  const superAdmin = await api.createUser('super_admin');
  const existing = await api.createUser('customer');
  await signIn(page, superAdmin);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Name').fill('Someone Else');
  await dialog.getByLabel('Email').fill(existing.email);
  await dialog.getByLabel('Password').fill('secret-123');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  // The server's words land at the field they are about, which takes the focus.
  const email = dialog.getByLabel('Email');
  await expect(email).toHaveAccessibleDescription('A user with this email already exists.');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the user list becomes cards with their own Edit and Delete', async ({
    api,
    page,
    signIn,
  }) => {
    const superAdmin = await api.createUser('super_admin', { name: 'Phone Super Admin' });
    const technician = await api.createUser('technician', {
      name: 'Phone Technician',
      phone: '(555) 010-2030',
    });
    await signIn(page, superAdmin);
    await page.goto('/admin/users');
    await searchFor(page, technician.email);

    await expect(page.getByRole('table')).toBeHidden();
    const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Phone Technician');
    await expect(card).toContainText('Technician');
    await expect(card).toContainText('(555) 010-2030');
    await expectAccessible(page);

    await card.getByRole('button', { name: 'Edit Phone Technician' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Role')).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await card.getByRole('button', { name: 'Delete Phone Technician' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete user?' })).toBeVisible();
    await expectAccessible(page);
  });
});
