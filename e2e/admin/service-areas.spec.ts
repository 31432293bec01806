// Service areas by ZIP: an admin lists the ZIP codes and prefixes of the business's areas in
// Business Profile on a phone, the footer names the areas, and a customer booking at a ZIP no area
// covers is told so at the ZIP field and cannot go on, while a ZIP an area covers goes to payment.
// Saving the areas changes who every booking is taken from, so it runs on a server of its own.
import { randomUUID } from 'node:crypto';
import { badZipEntry } from '@pitstop/shared/business/profile';
import { zipNotServedMessage } from '@pitstop/shared/business/service-areas';
import { expectAccessible } from '../fixtures/accessibility.ts';
import {
  BASIC_OIL_CHANGE,
  bookingDetails,
  fillContactAndVehicle,
  freeSlot,
  pickSlot,
} from '../fixtures/booking.ts';
import { testOnOwnServer } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster (sonner `richColors`) draws its text below AA contrast; reported to its owner.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

testOnOwnServer.use({ viewport: PHONE });

testOnOwnServer(
  'an admin lists ZIP codes for the areas; a customer outside them is refused at the ZIP field',
  async ({ api, page, signIn }) => {
    const admin = await api.createUser('admin');
    await signIn(page, admin);
    await page.goto('/admin/business-profile');
    const areas = page.getByRole('region', { name: 'Service Areas' });
    await expect(areas).toContainText('No ZIP codes listed: visits can be booked at any ZIP code.');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    const area = (name: string) => areas.getByRole('listitem', { name });
    await area('Downtown').getByLabel('ZIP codes').fill('30301, 30302');
    await area('Suburbs').getByLabel('ZIP codes').fill('303');
    await areas.getByRole('button', { name: 'Add area' }).click();
    const added = areas.getByRole('listitem').last();
    await expect(added.getByLabel('Area name')).toBeFocused();
    await added.getByLabel('Area name').fill('Midtown');
    // A 4-digit entry is refused with the shared schema's words.
    await added.getByLabel('ZIP codes').fill('30308, 3030');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(added.getByLabel('ZIP codes')).toHaveAccessibleDescription(badZipEntry('3030'));
    await expectAccessible(page);
    await added.getByLabel('ZIP codes').fill('30308');
    await area('Metropolitan Area')
      .getByRole('button', { name: 'Remove Metropolitan Area' })
      .click();
    await page.getByLabel('Road factor').fill('1.4');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Business profile saved.')).toBeVisible();
    await expect(areas).toContainText('30301, 30302');
    await expect(areas).toContainText('Midtown');
    await expect(page.getByRole('region', { name: 'Driving' })).toContainText('1.4');
    await expectAccessible(page, WITHOUT_TOASTER);

    // The footer names the business's areas, in its order.
    await page.goto('/');
    const footerAreas = page
      .getByRole('contentinfo')
      .getByRole('heading', { name: 'Service Areas' })
      .locator('xpath=following-sibling::ul');
    await expect(footerAreas.getByRole('listitem')).toHaveText([
      'Downtown',
      'Suburbs',
      'Business District',
      'Midtown',
    ]);
    await expectAccessible(page);

    // A customer at a ZIP no area covers.
    const customer = await api.createUser('customer', { name: 'Avery Outside' });
    await signIn(page, customer);
    const slot = await freeSlot(page.request, 0);
    await page.goto(`/booking?service=${BASIC_OIL_CHANGE.id}`);
    await expect(page.getByRole('heading', { name: 'Book Your Service', level: 1 })).toBeVisible();
    await pickSlot(page, slot);
    await fillContactAndVehicle(page, bookingDetails(customer.email, { zipCode: '12345' }));
    const zip = page.getByLabel('ZIP Code');
    const { phone } = (await (await page.request.get('/api/business')).json()) as { phone: string };
    const refusal = zipNotServedMessage('12345', phone);
    await zip.blur();
    await expect(zip).toHaveAccessibleDescription(refusal);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go to Payment - $49.99' }).click();
    await expect(zip).toBeFocused();
    await expect(zip).toHaveAccessibleDescription(refusal);
    await expect(page).toHaveURL((url) => url.pathname === '/booking');
    // The server refuses it too, holding nothing.
    const refused = await (
      await api.requestAs(customer)
    ).post('/api/bookings', {
      data: {
        ...bookingDetails(customer.email, { zipCode: '12345' }),
        services: [BASIC_OIL_CHANGE.id],
        date: slot.date,
        time: slot.time,
        description: '',
        idempotencyKey: randomUUID(),
      },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).error.fields).toEqual({ zipCode: refusal });

    // A ZIP under an area's prefix goes to payment.
    await zip.fill('30305');
    await zip.blur();
    await expect(zip).not.toHaveAccessibleDescription(refusal);
    await page.getByRole('button', { name: 'Go to Payment - $49.99' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/checkout/local/'));
    await expectAccessible(page);
  },
);
