// A maintenance reminder's link (/booking?service=<id>&vehicle=<id>, as the reminder e-mail
// carries it) opens the booking form on a phone with the service chosen, the vehicle picked from
// the customer's garage and the address from their profile; followed signed out, it asks to sign
// in and comes back to the same link, filled. Every page is scanned by axe.
import type { APIRequestContext } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { BASIC_OIL_CHANGE } from '../fixtures/booking.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

test.use({ viewport: PHONE });

/** A customer with an address on their profile and a 2019 Toyota 4Runner in their garage. */
async function customerWithGarage(request: APIRequestContext, name: string) {
  const saved = await request.put('/api/profile', {
    data: {
      name,
      phone: '(555) 234-7788',
      street: '41 Reminder Lane',
      city: 'Springfield',
      zipCode: '12345',
    },
  });
  expect(saved.ok(), `PUT /api/profile: ${saved.status()}`).toBe(true);
  const added = await request.post('/api/vehicles', {
    data: {
      make: 'Toyota',
      model: '4Runner',
      year: 2019,
      color: 'Gray',
      licensePlate: `MR-${Date.now().toString(36).slice(-5)}`,
    },
  });
  expect(added.ok(), `POST /api/vehicles: ${added.status()} ${await added.text()}`).toBe(true);
  const { vehicle } = (await added.json()) as { vehicle: { id: string; licensePlate: string } };
  return vehicle;
}

async function expectFilled(page: Page, vehicle: { id: string; licensePlate: string }) {
  await expect(
    page.getByRole('checkbox', { name: new RegExp(BASIC_OIL_CHANGE.name) }),
  ).toBeChecked();
  await expect(page.getByLabel('Select from My Garage')).toHaveValue(vehicle.id);
  await expect(page.getByLabel(/^Make/)).toHaveValue('Toyota');
  await expect(page.getByLabel(/^Model/)).toHaveValue('4Runner');
  await expect(page.getByLabel(/^License Plate/)).toHaveValue(vehicle.licensePlate);
  await expect(page.getByLabel('Street Address')).toHaveValue('41 Reminder Lane');
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
  await expect(page.getByLabel('ZIP Code')).toHaveValue('12345');
  await expect(page.getByLabel('Phone')).toHaveValue('(555) 234-7788');
}

test('the reminder link opens /booking with the service, the vehicle and the address filled', async ({
  api,
  page,
  signIn,
}) => {
  const customer = await api.createUser('customer', { name: 'Morgan Reminder' });
  const vehicle = await customerWithGarage(await api.requestAs(customer), 'Morgan Reminder');
  await signIn(page, customer);

  await page.goto(`/booking?service=${BASIC_OIL_CHANGE.id}&vehicle=${vehicle.id}`);
  await expectFilled(page, vehicle);
  await expect(
    page.getByRole('button', { name: `Go to Payment - ${BASIC_OIL_CHANGE.price}` }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('followed signed out, the link asks to sign in and comes back filled', async ({
  api,
  page,
}) => {
  const customer = await api.createUser('customer', { name: 'Avery Reminder' });
  const vehicle = await customerWithGarage(await api.requestAs(customer), 'Avery Reminder');

  await page.goto(`/booking?service=${BASIC_OIL_CHANGE.id}&vehicle=${vehicle.id}`);
  await expect(
    page.getByRole('checkbox', { name: new RegExp(BASIC_OIL_CHANGE.name) }),
  ).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await expectAccessible(page);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((url) => url.pathname === '/booking');
  expect(new URL(page.url()).searchParams.get('vehicle')).toBe(vehicle.id);
  await expectFilled(page, vehicle);
  await expectAccessible(page);
});
