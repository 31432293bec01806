// A VIN on the booking form, on a phone (390 px): a customer types a VIN and the server's offline
// decoder fills make, model and year, which the customer can still change; a VIN that is not one
// is 'Invalid VIN' at the field. The first decode unpacks the decoder's database on this server.
import { INVALID_VIN } from '@pitstop/shared/vehicles/vin';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

test.use({ viewport: PHONE });

test('a VIN typed on the booking form fills make, model and year', async ({
  api,
  page,
  signIn,
}) => {
  const customer = await api.createUser('customer', { name: 'Avery Driver' });
  await signIn(page, customer);
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'Book Your Service', level: 1 })).toBeVisible();

  const vin = page.getByLabel('VIN (optional)');
  await vin.fill('1HGCM82633A004353');
  await expect(vin).toHaveAccessibleDescription(INVALID_VIN);

  await vin.fill('1hgcm82633a004352');
  // The first decode on a fresh server unpacks the database (a second or so).
  await expect(page.getByLabel('Make')).toHaveValue('Honda', { timeout: 30_000 });
  await expect(page.getByLabel('Model')).toHaveValue('Accord');
  await expect(page.getByLabel('Year')).toHaveValue('2003');
  await expect(page.getByText('From this VIN: 2003 Honda Accord.')).toBeVisible();
  await expect(vin).not.toHaveAttribute('aria-invalid');
  await expectAccessible(page);

  // Still the customer's to change.
  await page.getByLabel('Year').fill('2004');
  await expect(page.getByLabel('Year')).toHaveValue('2004');
});
