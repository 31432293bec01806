// Scheduling a Pay Now order: a signed-in customer pays for a service from /services at the local
// checkout without picking a date; an admin on a phone-sized screen finds the order under "Paid,
// not yet scheduled" on /admin, opens Schedule visit by keyboard, picks a weekday about two weeks
// ahead and one of the slots offered for it, types the address and the car, and schedules it. The
// order leaves the list, the visit is on /admin/appointments, and the customer is e-mailed the
// booking confirmation with the address. Every page state is scanned by axe.
import { randomUUID } from 'node:crypto';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { dayOfWeek } from '@pitstop/shared/calendar-dates';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { CARDS, fillCard, mailbox } from '../fixtures/booking.ts';
import { expectOk } from '../fixtures/business-day.ts';
import { dayLabel, daysAhead } from '../fixtures/calendar.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

test.use({ viewport: PHONE });

/** Monday to Friday (dayOfWeek: 0 is Sunday, 6 Saturday). */
function isWeekday(date: string): boolean {
  const day = dayOfWeek(date);
  return day !== 0 && day !== 6;
}

const PLACE = { address: '48 Orchard Lane', city: 'Shelbyville', zipCode: '54321' };

test('an admin schedules a paid Pay Now order: it leaves the list, is on the calendar and the customer is e-mailed', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const firstName = `Sched${randomUUID().slice(0, 6)}`;
  const name = `${firstName} Driver`;
  const plate = `E2E${randomUUID().slice(0, 5).toUpperCase()}`;
  const customer = await api.createUser('customer', { name });
  const admin = await api.createUser('admin');

  // The customer pays for one service straight from /services.
  await signIn(page, customer);
  await page.goto('/services');
  const service = page.getByRole('article', { name: 'Basic Oil Change', exact: true });
  await expect(service).toBeVisible();
  await expectAccessible(page);
  await service.getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL(/\/checkout\/local\/[^/]+$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(
    'Basic Oil Change',
  );
  await fillCard(page, CARDS.success, name);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay $49.99' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout-success');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expectAccessible(page);

  // A weekday about two weeks ahead where the order fits, as the schedule dialog's slots say.
  const staff = await api.requestAs(admin);
  const orders = (await (
    await expectOk(await staff.get('/api/bookings/unscheduled'), 'GET /api/bookings/unscheduled')
  ).json()) as { orders: { bookingId: string; email: string | null }[] };
  const order = orders.orders.find((row) => row.email === customer.email);
  if (!order) throw new Error(`the paid order of ${customer.email} is not waiting to be scheduled`);
  let date: string | undefined;
  const twoWeeksAhead = [14, 15, 16, 17, 18, 19].map(daysAhead);
  for (const day of twoWeeksAhead.filter(isWeekday)) {
    const answer = await expectOk(
      await staff.get(`/api/visits/${order.bookingId}/slots?date=${day}`),
      'GET /api/visits/:bookingId/slots',
    );
    if (((await answer.json()) as { slots: string[] }).slots.length > 0) {
      date = day;
      break;
    }
  }
  if (!date) throw new Error('no weekday with room 14-19 days ahead');

  // The admin, on a phone, finds the order on the dashboard.
  await page.context().clearCookies();
  await signIn(page, admin);
  await page.goto('/admin');
  const waiting = page.getByRole('region', { name: 'Paid, not yet scheduled' });
  const card = waiting.getByRole('listitem').filter({ hasText: customer.email });
  await expect(card).toContainText(name);
  await expect(card).toContainText('Basic Oil Change');
  await expect(card).toContainText('$49.99');
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

  const open = card.getByRole('button', { name: `Schedule visit for ${name}` });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Schedule visit' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${name}, Basic Oil Change`);
  await expect(dialog.getByText('Pick a date to see the available times.')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('Date', { exact: true }).fill(date);
  const radio = dialog.getByRole('group', { name: 'Time' }).getByRole('radio').first();
  await expect(radio).toBeVisible();
  const time = await radio.inputValue();
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();

  await dialog.getByLabel('Street Address').fill(PLACE.address);
  await dialog.getByLabel('City').fill(PLACE.city);
  await dialog.getByLabel('ZIP Code').fill(PLACE.zipCode);
  await dialog.getByLabel('Make').fill('Honda');
  await dialog.getByLabel('Model').fill('Civic');
  await dialog.getByLabel('Year').fill('2018');
  await dialog.getByLabel('Color').fill('Blue');
  await dialog.getByLabel('License Plate').fill(plate);
  await expectAccessible(page);

  const submit = dialog.getByRole('button', { name: 'Schedule visit' });
  await submit.focus();
  await expect(submit).toBeInViewport({ ratio: 0.5 });
  await page.keyboard.press('Enter');

  const when = `${dayLabel(date)} at ${formatTime12(time)}`;
  await expect(page.getByText(`Visit scheduled for ${when}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  // Other specs on the shared server may leave paid orders of their own in the list.
  if ((await waiting.getByRole('listitem').count()) === 0) {
    await expect(waiting).toContainText('No paid orders are waiting to be scheduled.');
  }
  await expectAccessible(page, WITHOUT_TOASTER);

  // The visit is on the staff's appointments screen.
  await page.goto(`/admin/appointments?q=${firstName}`);
  const visit = page.getByRole('listitem').filter({ hasText: name });
  await expect(visit).toContainText('Basic Oil Change');
  await expect(visit).toContainText(when);
  await expectAccessible(page);

  // The customer is e-mailed the booking confirmation, with where the visit is.
  const superAdmin = await api.asSuperAdmin();
  await expect
    .poll(
      async () =>
        (await mailbox(superAdmin)).find(
          (message) => message.to === customer.email && message.template === 'booking-confirmation',
        ),
      { timeout: 30_000 },
    )
    .toMatchObject({
      subject: expect.stringContaining('appointment is confirmed'),
      text: expect.stringContaining(`${PLACE.address}, ${PLACE.city}, ${PLACE.zipCode}`),
      attachments: [
        expect.objectContaining({ contentType: expect.stringContaining('text/calendar') }),
      ],
    });
});
