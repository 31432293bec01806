// Manage Services: an admin adds a service, moves it, edits its price and deletes it, and customers
// see the catalogue follow. The journey changes the catalogue every page shows, so it runs on a
// server of its own; the access checks use the shared one.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { testOnOwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';

function serviceList(page: Page) {
  return page.getByRole('list', { name: 'Services in display order' });
}

async function adminServiceNames(page: Page): Promise<string[]> {
  return serviceList(page).getByRole('heading', { level: 2 }).allTextContents();
}

async function publicServiceNames(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .getByRole('article')
    .getByRole('heading', { level: 2 })
    .allTextContents();
}

testOnOwnServer(
  'an admin adds, moves and edits a service, and customers see it in that order',
  async ({ api, page, signIn }) => {
    const admin = await api.createUser('admin');
    const name = `Tire Shine ${randomBytes(2).toString('hex')}`;
    await signIn(page, admin);
    await page.goto('/admin/services');
    await expect(page.getByRole('heading', { name: 'Manage Services', level: 1 })).toBeVisible();
    await expect(serviceList(page).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move Basic Oil Change up' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move Basic Maintenance down' })).toBeDisabled();
    await expectAccessible(page);

    // Add Service, with one include added by Enter and one by the Add button.
    await page.getByRole('button', { name: 'Add Service' }).click();
    const form = page.getByRole('region', { name: 'Add Service' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Price').fill('19.99');
    await form.getByLabel('Duration').fill('20 minutes');
    await form.getByLabel('Description').fill('Cleaned and dressed tires.');
    const newItem = form.getByLabel('New included item');
    await newItem.fill('Tire cleaning');
    await newItem.press('Enter');
    await newItem.fill('   ');
    await expect(form.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    await newItem.fill('Tire dressing');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(form.getByRole('button', { name: /^Remove / })).toHaveCount(2);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Add Service' }).click();

    await expect(page.getByText(`${name} was added.`)).toBeVisible();
    await expect(form).toBeHidden();
    await expect
      .poll(() => adminServiceNames(page))
      .toEqual([
        'Basic Oil Change',
        'Synthetic Oil Change',
        'High Mileage Service',
        'Battery Service',
        'Basic Maintenance',
        name,
      ]);
    await expect(page.getByRole('button', { name: `Move ${name} down` })).toBeDisabled();

    // Move it up one: it now sits before Basic Maintenance.
    await page.getByRole('button', { name: `Move ${name} up` }).click();
    await expect
      .poll(() => adminServiceNames(page))
      .toEqual([
        'Basic Oil Change',
        'Synthetic Oil Change',
        'High Mileage Service',
        'Battery Service',
        name,
        'Basic Maintenance',
      ]);
    await expect(page.getByRole('button', { name: 'Move Basic Maintenance down' })).toBeDisabled();

    // Edit its price inline.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const price = serviceList(page).getByLabel('Price');
    await expect(price).toHaveValue('19.99');
    await price.fill('24.50');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`${name} was saved.`)).toBeVisible();
    await expect(
      serviceList(page).getByRole('listitem').filter({ hasText: name }).first(),
    ).toContainText('$24.50');

    // A visitor who is not signed in sees the same order and the new price.
    await page.context().clearCookies();
    await page.goto('/services');
    const card = page.getByRole('article', { name, exact: true });
    await expect(card).toContainText('$24.50');
    await expect(card).toContainText('20 minutes');
    await expect(card.getByRole('listitem')).toHaveText(['Tire cleaning', 'Tire dressing']);
    expect((await publicServiceNames(page)).slice(-3)).toEqual([
      'Battery Service',
      name,
      'Basic Maintenance',
    ]);
    await expectAccessible(page);
  },
);

testOnOwnServer('an admin deletes a service after confirming', async ({ api, page, signIn }) => {
  const admin = await api.createUser('super_admin');
  await signIn(page, admin);
  await page.goto('/admin/services');
  await page.getByRole('button', { name: 'Delete Battery Service' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Battery Service?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Delete Service' }).click();
  await expect(page.getByText('Battery Service was deleted.')).toBeVisible();
  await expect.poll(() => adminServiceNames(page)).not.toContain('Battery Service');
  await expectAccessible(page);

  await page.goto('/services');
  await expect(page.getByRole('article', { name: 'Basic Oil Change' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Battery Service' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a server field error shows next to its field', async ({ api, page, signIn }) => {
  // Read-only on the shared server: the name is taken, so nothing is created.
  const admin = await api.createUser('admin');
  await signIn(page, admin);
  await page.goto('/admin/services');
  await page.getByRole('button', { name: 'Add Service' }).click();
  const form = page.getByRole('region', { name: 'Add Service' });
  await form.getByLabel('Name').fill('Basic Oil Change');
  await form.getByLabel('Duration').fill('45 minutes');
  await form.getByRole('button', { name: 'Add Service' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(
    /A service with this name already exists\./,
  );
  await expectAccessible(page);
});

test('a signed-out visitor opening /admin/services is sent to the admin portal', async ({
  page,
  request,
}) => {
  await page.goto('/admin/services');
  await expect(page).toHaveURL(/\/admin-portal$/);
  await expectAccessible(page);

  const response = await request.post('/api/services', {
    data: { name: 'Sneaky Service', icon: 'Wrench', duration: '30 minutes' },
  });
  expect(response.status()).toBe(401);
});
