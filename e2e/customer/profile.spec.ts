// My Profile: a customer keeps two vehicles in My Garage, picks one on /booking (the vehicle fields
// fill and lock), removes the other, edits their details and sets a photo that the top bar then
// shows; a visit e-mail's "Manage this visit" lands on that visit, through sign-in. Every page is
// scanned by axe.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { freeSlot, mailbox } from '../fixtures/booking.ts';
import { paidVisitOn } from '../fixtures/business-day.ts';
import { expect, test } from '../fixtures/test.ts';
import { DESKTOP, PHONE } from '../fixtures/viewports.ts';

const AVATAR = fileURLToPath(new URL('../fixtures/files/avatar.png', import.meta.url));
// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

interface GarageVehicle {
  make: string;
  model: string;
  year: string;
  color: string;
  plate: string;
}

const CAMRY: GarageVehicle = {
  make: 'Toyota',
  model: 'Camry',
  year: '2019',
  color: 'Silver',
  plate: 'prf 101',
};
const CIVIC: GarageVehicle = {
  make: 'Honda',
  model: 'Civic',
  year: '2021',
  color: 'Blue',
  plate: 'PRF-202',
};

async function addVehicle(page: Page, vehicle: GarageVehicle) {
  const garage = page.getByRole('region', { name: 'My Garage' });
  await garage.getByRole('button', { name: 'Add Vehicle' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await dialog.getByLabel('Make').selectOption(vehicle.make);
  await dialog.getByLabel('Model').selectOption(vehicle.model);
  await dialog.getByLabel('Year').fill(vehicle.year);
  await dialog.getByLabel('Color').fill(vehicle.color);
  await dialog.getByLabel('License Plate').fill(vehicle.plate);
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog).toBeHidden();
  // The first vehicle's toast may still show: the newest is the last.
  await expect(page.getByText('Vehicle added to garage successfully!').last()).toBeVisible();
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`on a ${device} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test('a customer keeps two vehicles, books with one, removes the other, and sets a photo the top bar shows', async ({
      api,
      page,
      signIn,
    }) => {
      // The longest journey of the suite (garage, booking form, profile, photo): it took 32-34 s
      // on CI's two cores against the default 30 s.
      test.slow();
      const customer = await api.createUser('customer', { name: 'Robin Garage' });
      await signIn(page, customer);

      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
      const garage = page.getByRole('region', { name: 'My Garage' });
      await expect(garage).toBeVisible();
      await expectAccessible(page);

      // Empty fields get the spec's one message, and nothing is saved.
      await garage.getByRole('button', { name: 'Add Vehicle' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
      await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
      await expect(dialog.getByText('Please fill in all vehicle fields').first()).toBeVisible();
      await expectAccessible(page, WITHOUT_TOASTER);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await addVehicle(page, CAMRY);
      await addVehicle(page, CIVIC);
      const saved = garage.getByRole('list', { name: 'Saved vehicles' });
      // Newest first, plates in upper case.
      await expect(saved.getByRole('listitem')).toHaveCount(2);
      await expect(saved.getByRole('listitem').first()).toContainText('2021 Honda Civic');
      await expect(saved.getByRole('listitem').nth(1)).toContainText('PRF 101');
      await expectAccessible(page, WITHOUT_TOASTER);

      // A plate already in the garage, written another way, is refused.
      await garage.getByRole('button', { name: 'Add Vehicle' }).first().click();
      await dialog.getByLabel('Make').selectOption(CAMRY.make);
      await dialog.getByLabel('Model').selectOption(CAMRY.model);
      await dialog.getByLabel('Year').fill('2020');
      await dialog.getByLabel('Color').fill('Red');
      await dialog.getByLabel('License Plate').fill('prf101');
      await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
      await expect(
        dialog.getByText('A vehicle with this license plate is already in your garage.'),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(saved.getByRole('listitem')).toHaveCount(2);

      // /booking offers the garage; picking the Camry fills and locks the vehicle fields.
      await page.goto('/booking');
      await expect(
        page.getByRole('heading', { name: 'Book Your Service', level: 1 }),
      ).toBeVisible();
      await page
        .getByLabel('Select from My Garage')
        .selectOption({ label: '2019 Toyota Camry (PRF 101)' });
      await expect(page.getByLabel('Make')).toHaveValue('Toyota');
      await expect(page.getByLabel('Model')).toHaveValue('Camry');
      await expect(page.getByLabel('Year')).toHaveValue('2019');
      await expect(page.getByLabel('Color')).toHaveValue('Silver');
      await expect(page.getByLabel('License Plate')).toHaveValue('PRF 101');
      for (const field of ['Year', 'Color', 'License Plate']) {
        await expect(page.getByLabel(field)).not.toBeEditable();
      }
      await expectAccessible(page);
      // The blank option clears and unlocks them.
      await page.getByLabel('Select from My Garage').selectOption('');
      await expect(page.getByLabel('License Plate')).toHaveValue('');
      await expect(page.getByLabel('License Plate')).toBeEditable();

      // Back on the profile: remove the Civic, after confirming.
      await page.goto('/profile');
      await garage.getByRole('button', { name: 'Remove 2021 Honda Civic (PRF-202)' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Remove vehicle?' });
      await expectAccessible(page, WITHOUT_TOASTER);
      await confirm.getByRole('button', { name: 'Remove Vehicle' }).click();
      await expect(page.getByText('Vehicle removed from garage successfully!')).toBeVisible();
      await expect(saved.getByRole('listitem')).toHaveCount(1);
      await expect(saved).not.toContainText('Civic');

      // Personal info: the phone formats as typed; the success message clears after 3 s.
      await page.getByLabel('Phone').fill('5551234567');
      await expect(page.getByLabel('Phone')).toHaveValue('(555) 123-4567');
      await page.getByLabel('Street Address').fill('12 Main St');
      await page.getByLabel('City').fill('Springfield');
      await page.getByLabel('ZIP Code').fill('12345');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const savedMessage = page.getByText('Profile updated successfully!');
      await expect(savedMessage).toBeVisible();
      await expect(savedMessage).toBeHidden({ timeout: 6_000 });
      await page.reload();
      await expect(page.getByLabel('City')).toHaveValue('Springfield');

      // The photo: chosen, scaled in the browser, stored, shown here and in the top bar.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload Photo' }).click();
      await (await chooser).setFiles(AVATAR);
      const photo = page.getByRole('img', { name: 'Your profile photo' });
      await expect(photo).toBeVisible();
      await expect(photo).toHaveAttribute('src', /^\/api\/profiles\/[^/]+\/photo\?v=\d+$/);
      // Visible before its bytes have arrived: asked until they have.
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expectAccessible(page, WITHOUT_TOASTER);

      if (device === 'phone') {
        await page.getByRole('button', { name: 'Menu' }).click();
      }
      const topBar = page.getByRole('banner');
      const avatar = topBar.locator('img[src^="/api/profiles/"]:visible').first();
      await expect(avatar).toBeVisible();
      await expect
        .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    });
  });
}

test('a signed-out visitor is sent to sign in, and comes back to the profile', async ({
  api,
  page,
}) => {
  const customer = await api.createUser('customer');
  await page.goto('/profile');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expectAccessible(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test.describe('on a phone, from a visit e-mail', () => {
  test.use({ viewport: PHONE });

  test("a signed-out customer opens 'Manage this visit', signs in, and lands on that visit, focused", async ({
    api,
    page,
  }) => {
    test.setTimeout(90_000);
    const firstName = `Anchor${randomUUID().slice(0, 6)}`;
    const customer = await api.createUser('customer', { name: `${firstName} Driver` });
    const asCustomer = await api.requestAs(customer);
    const staff = await api.requestAs(await api.createUser('admin'));
    // Band 6: this spec's first visit; a slot is taken only while it has room.
    const slot = await freeSlot(asCustomer, 6);
    const visit = await paidVisitOn(asCustomer, staff, customer.email, slot.date, { firstName });

    // The link as the confirmation e-mail gives it.
    const superAdmin = await api.asSuperAdmin();
    let link = '';
    await expect
      .poll(async () => {
        const confirmation = (await mailbox(superAdmin)).find(
          (m) => m.template === 'booking-confirmation' && m.to === customer.email,
        );
        link = /Manage this visit: (\S+)/.exec(confirmation?.text ?? '')?.[1] ?? '';
        return link;
      })
      .toContain(`/profile?visit=${visit.bookingId}`);

    const { pathname, search } = new URL(link);
    await page.goto(`${pathname}${search}`);
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expectAccessible(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(
      (url) => url.pathname === '/profile' && url.searchParams.get('visit') === visit.bookingId,
    );
    const card = page.locator(`[id="visit-${visit.bookingId}"]`);
    await expect(card).toBeFocused();
    await expect(card).toBeInViewport();
    await expectAccessible(page);
  });
});
