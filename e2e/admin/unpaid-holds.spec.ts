// Unpaid holds on the admin dashboard: two customers fill a slot and do not pay; a manager sees
// who holds which slot until when, releases one after confirming, by keyboard on a phone-sized
// screen, and the hold is gone and its slot offered again. Every page state is scanned by axe.
import { expectAccessible } from '../fixtures/accessibility.ts';
import { bookingDetails, bookThroughApi, freeSlot } from '../fixtures/booking.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

test.use({ viewport: PHONE });

test('a manager sees a customer’s unpaid hold and releases it: the hold is gone and the slot free again', async ({
  api,
  page,
  signIn,
}) => {
  const customer = await api.createUser('customer');
  const other = await api.createUser('customer');
  const manager = await api.createUser('manager');
  const asCustomer = await api.requestAs(customer);
  const slot = await freeSlot(asCustomer, 6);
  const details = bookingDetails(customer.email, { firstName: 'Holden', lastName: 'Unpaid' });
  await bookThroughApi(asCustomer, slot, details);
  // The slot holds two visits: a second unpaid one fills it.
  await bookThroughApi(await api.requestAs(other), slot, bookingDetails(other.email));
  const offered = async () => {
    const slots = await asCustomer.get(`/api/booking/slots?date=${slot.date}`);
    return ((await slots.json()) as { slots: string[] }).slots;
  };
  expect(await offered()).not.toContain(slot.time);

  await signIn(page, manager);
  await page.goto('/admin');
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Unpaid holds' }),
  });
  const card = section.getByRole('listitem').filter({ hasText: 'Holden' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(customer.email);
  await expect(card).toContainText('Basic Oil Change');
  await expect(card).toContainText(/Held until \d{1,2}:\d{2} [AP]M/);
  await expectAccessible(page);

  const release = card.getByRole('button', { name: /^Release the hold of Holden/ });
  await release.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Release this hold?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Release Hold' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText("Hold released: Holden Unpaid's slot is free again.")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expectAccessible(page, WITHOUT_TOASTER);

  expect(await offered()).toContain(slot.time);
  // The released hold is no longer listed for anyone.
  const holds = await (await api.requestAs(manager)).get('/api/bookings/holds');
  const listed = (await holds.json()) as { holds: { customerName: string }[] };
  expect(listed.holds.map((hold) => hold.customerName)).not.toContain('Holden Unpaid');
});
