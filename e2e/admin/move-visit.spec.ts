// Moving a visit: a customer books and pays; an admin on a phone-sized screen finds it on
// /admin/appointments, opens Move by keyboard, picks another day and one of the slots offered for
// it, and the visit shows the new day. The customer is e-mailed the new time with the updated
// calendar file. Every page state is scanned by axe.
import { randomUUID } from 'node:crypto';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { freeSlot, mailbox } from '../fixtures/booking.ts';
import { expectOk, paidVisitOn } from '../fixtures/business-day.ts';
import { dayLabel } from '../fixtures/calendar.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

test.use({ viewport: PHONE });

test('an admin moves a paid visit to another day: the screen shows it and the customer is e-mailed', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const firstName = `Mover${randomUUID().slice(0, 6)}`;
  const customer = await api.createUser('customer', { name: `${firstName} Driver` });
  const admin = await api.createUser('admin');
  const asCustomer = await api.requestAs(customer);
  const staff = await api.requestAs(admin);
  // Band 7 (days 300-339 ahead) is this spec's own: no other spec books there.
  const slot = await freeSlot(asCustomer, 7);
  const visit = await paidVisitOn(asCustomer, staff, customer.email, slot.date, { firstName });
  const bookingId = visit.bookingId!;

  // Another day within a week with room for this visit, as the move's own slots say.
  let to: { date: string; time: string } | undefined;
  for (let days = 1; days <= 7 && !to; days += 1) {
    const date = addCalendarDays(visit.date, days);
    const answer = await expectOk(
      await staff.get(`/api/visits/${bookingId}/slots?date=${date}`),
      'GET /api/visits/:bookingId/slots',
    );
    const [time] = ((await answer.json()) as { slots: string[] }).slots;
    if (time) to = { date, time };
  }
  if (!to) throw new Error(`no day with room in the week after ${visit.date}`);

  await signIn(page, admin);
  await page.goto(`/admin/appointments?q=${firstName}`);
  const row = `${firstName} Driver, Basic Oil Change`;
  const card = page.getByRole('listitem').filter({ hasText: `${firstName} Driver` });
  await expect(card).toContainText(dayLabel(visit.date));
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

  const move = page.getByRole('button', { name: `Move the visit of ${row}` });
  await move.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move visit' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Now ${dayLabel(visit.date)} at ${formatTime12(visit.time)}`);
  await expectAccessible(page);

  await dialog.getByLabel('Date', { exact: true }).fill(to.date);
  const radio = dialog
    .getByRole('group', { name: 'Time' })
    .locator(`input[type="radio"][value="${to.time}"]`);
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
  await expect(dialog).toBeInViewport({ ratio: 0.5 });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Move visit' }).click();

  const when = `${dayLabel(to.date)} at ${formatTime12(to.time)}`;
  await expect(page.getByText(`Visit moved to ${when}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(when);
  await expectAccessible(page, WITHOUT_TOASTER);

  // The customer hears of the new time, with the calendar file again.
  const superAdmin = await api.asSuperAdmin();
  await expect
    .poll(
      async () =>
        (await mailbox(superAdmin)).find(
          (message) => message.to === customer.email && message.template === 'visit-moved',
        ),
      { timeout: 30_000 },
    )
    .toMatchObject({
      subject: expect.stringContaining('has moved'),
      text: expect.stringContaining(formatTime12(to.time)),
      attachments: [
        expect.objectContaining({ contentType: expect.stringContaining('text/calendar') }),
      ],
    });
});
