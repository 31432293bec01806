// Managing one's own visit on a phone: a customer with a paid visit far ahead opens /profile,
// reschedules it in My Appointments to another day and time, and is e-mailed the new time with
// an updated calendar file. They then cancel it: the dialog states the refund the server
// computed, the visit leaves Upcoming, and the cancellation e-mail carries a METHOD:CANCEL
// calendar file. An admin then finds the visit and its Payment lists the refund. Every page
// state is scanned by axe.
import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { formatPrice } from '@pitstop/shared/money';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { mailbox, type MailboxMessage } from '../fixtures/booking.ts';
import { expectOk, paidVisitOn } from '../fixtures/business-day.ts';
import { daysAhead } from '../fixtures/calendar.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

/** Days 340-364 ahead are this spec's own: past band 7, within the 365-day booking horizon. */
const FIRST_DAY = 340;
const LAST_DAY = 364;

const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Saturday, March 14, 2026 at 9:00 AM', as My Appointments heads a visit. */
function visitMoment(date: string, time: string): string {
  return `${LONG_DAY.format(new Date(`${date}T12:00:00Z`))} at ${formatTime12(time)}`;
}

/** The first day from a random start in this spec's days with a free slot. */
async function freeDay(customer: APIRequestContext): Promise<string> {
  const start = FIRST_DAY + randomInt(12);
  for (let day = start; day < start + 7; day += 1) {
    const date = daysAhead(day);
    const answer = await expectOk(
      await customer.get(`/api/booking/slots?date=${date}`),
      'GET /api/booking/slots',
    );
    if (((await answer.json()) as { slots: string[] }).slots.length > 0) return date;
  }
  throw new Error(`no open day from ${start} days ahead`);
}

/** The dev mailbox's message, with its id (for its attachments). */
type Mail = MailboxMessage & { id: string };

async function mailFor(
  superAdmin: APIRequestContext,
  to: string,
  template: string,
): Promise<Mail | undefined> {
  const messages = (await mailbox(superAdmin)) as Mail[];
  return messages.find((message) => message.to === to && message.template === template);
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/manage-visit-${name}.png` });
}

test.use({ viewport: PHONE });

test('a customer reschedules and then cancels their paid visit; the admin sees the refund', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(150_000);
  const firstName = `Manager${randomUUID().slice(0, 6)}`;
  const customer = await api.createUser('customer', { name: `${firstName} Driver` });
  const admin = await api.createUser('admin');
  const asCustomer = await api.requestAs(customer);
  const staff = await api.requestAs(admin);
  const superAdmin = await api.asSuperAdmin();
  const visit = await paidVisitOn(asCustomer, staff, customer.email, await freeDay(asCustomer), {
    firstName,
  });
  const bookingId = visit.bookingId!;

  // Another day within the week after, and a time other than the visit's when there is one,
  // from the slots the visit itself may move to.
  let to: { date: string; time: string } | undefined;
  for (let days = 1; days <= 7 && !to; days += 1) {
    const date = addCalendarDays(visit.date, days);
    if (date > daysAhead(LAST_DAY)) break;
    const answer = await expectOk(
      await asCustomer.get(`/api/my/visits/${bookingId}/slots?date=${date}`),
      'GET /api/my/visits/:bookingId/slots',
    );
    const { slots } = (await answer.json()) as { slots: string[] };
    const time = slots.find((slot) => slot !== visit.time) ?? slots[0];
    if (time) to = { date, time };
  }
  if (!to) throw new Error(`no day with room in the week after ${visit.date}`);

  // 1. Reschedule from My Appointments.
  await signIn(page, customer);
  await page.goto('/profile');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const card = upcoming.locator(`[id="visit-${bookingId}"]`);
  await expect(card.getByRole('heading', { level: 4 })).toHaveText(
    visitMoment(visit.date, visit.time),
  );
  await expectAccessible(page);

  const reschedule = card.getByRole('button', { name: /^Reschedule/ });
  await reschedule.focus();
  await page.keyboard.press('Enter');
  const moveDialog = page.getByRole('dialog', { name: 'Reschedule visit' });
  await expect(moveDialog).toContainText(`Now ${visitMoment(visit.date, visit.time)}`);
  const date = moveDialog.getByLabel('Date', { exact: true });
  await expect(date).toHaveValue(visit.date);
  await expect(moveDialog.getByRole('group', { name: /^Time/ })).toBeVisible();
  await expectAccessible(page);

  await date.fill(to.date);
  const radio = moveDialog.getByRole('radio', { name: formatTime12(to.time), exact: true });
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await screenshot(page, 'reschedule');
  await expectAccessible(page);
  await moveDialog.getByRole('button', { name: 'Reschedule visit' }).click();

  const when = visitMoment(to.date, to.time);
  await expect(page.getByText(`Visit rescheduled to ${when}`)).toBeVisible();
  await expect(moveDialog).toBeHidden();
  await expect(card.getByRole('heading', { level: 4 })).toHaveText(when);
  await expectAccessible(page, WITHOUT_TOASTER);

  // 2. The customer is e-mailed the new time with the updated calendar file.
  await expect
    .poll(() => mailFor(superAdmin, customer.email, 'visit-moved'), { timeout: 30_000 })
    .toMatchObject({
      subject: expect.stringContaining('has moved'),
      text: expect.stringMatching(
        new RegExp(`${formatTime12(to.time)}[\\s\\S]*An updated calendar invitation is attached`),
      ),
      attachments: [
        expect.objectContaining({
          filename: 'appointment.ics',
          contentType: expect.stringContaining('text/calendar'),
        }),
      ],
    });

  // 3. Cancel: the dialog states the refund the server computed, which is what was paid.
  const terms = (await (
    await expectOk(
      await asCustomer.get(`/api/my/visits/${bookingId}/terms`),
      'GET /api/my/visits/:bookingId/terms',
    )
  ).json()) as { cancel: { refundCents: number; paidCents: number; summary: string } };
  const payment = (await (
    await expectOk(
      await staff.get(`/api/visits/${bookingId}/payment`),
      'GET /api/visits/:bookingId/payment',
    )
  ).json()) as { orderNumber: string; amountCents: number };
  expect(terms.cancel.refundCents).toBe(payment.amountCents);
  const refund = formatPrice(terms.cancel.refundCents);
  expect(terms.cancel.summary).toBe(`You will be refunded ${refund}`);

  const cancel = card.getByRole('button', { name: /^Cancel visit/ });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel visit' });
  await expect(cancelDialog).toContainText(`You will be refunded ${refund}`);
  await expect(cancelDialog).toContainText(when);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await screenshot(page, 'cancel');
  await expectAccessible(page, WITHOUT_TOASTER);
  await cancelDialog.getByRole('button', { name: 'Cancel visit' }).click();

  await expect(page.getByText(`Visit cancelled. ${refund} will be refunded.`)).toBeVisible();
  await expect(cancelDialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(upcoming).toContainText('No upcoming visits.');
  await expectAccessible(page, WITHOUT_TOASTER);

  // 4. The cancellation e-mail, its calendar file a METHOD:CANCEL.
  let cancelled: Mail | undefined;
  await expect
    .poll(
      async () => {
        cancelled = await mailFor(superAdmin, customer.email, 'visit-cancelled');
        return cancelled;
      },
      { timeout: 30_000 },
    )
    .toMatchObject({
      subject: expect.stringMatching(/^Cancelled: /),
      attachments: [expect.objectContaining({ filename: 'appointment.ics' })],
    });
  const ics = await expectOk(
    await superAdmin.get(`/dev/mailbox/${cancelled!.id}/attachments/0`),
    'GET /dev/mailbox/:id/attachments/0',
  );
  expect(await ics.text()).toMatch(/^METHOD:CANCEL\r?$/m);

  // 5. The admin finds the visit; its Payment lists the refund with the customer's reason.
  await page.context().clearCookies();
  await signIn(page, admin);
  await page.goto(`/admin/appointments?q=${firstName}`);
  const row = `${firstName} Driver, Basic Oil Change`;
  const adminCard = page.getByRole('listitem').filter({ hasText: `${firstName} Driver` });
  await expect(adminCard).toContainText('Cancelled');
  await expectAccessible(page);

  const paymentButton = page.getByRole('button', { name: `Payment for ${row}` });
  await paymentButton.focus();
  await page.keyboard.press('Enter');
  const paymentDialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(paymentDialog).toContainText(payment.orderNumber);
  const refunds = paymentDialog.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
  await expect(refunds.getByRole('listitem')).toContainText(refund);
  await expect(refunds.getByRole('listitem')).toContainText('Cancelled by the customer');
  await screenshot(page, 'payment');
  await expectAccessible(page);
});
