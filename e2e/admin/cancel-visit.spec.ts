// Cancelling a visit with a refund: a customer books and pays; an admin on a phone-sized screen
// finds it on /admin/appointments, opens Cancel visit by keyboard, chooses Full refund and
// confirms. The visit shows cancelled, and its Payment (the same dialog, read only) lists the
// refund. Every page state is scanned by axe.
import { randomUUID } from 'node:crypto';
import { formatPrice } from '@pitstop/shared/money';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { freeSlot } from '../fixtures/booking.ts';
import { expectOk, paidVisitOn } from '../fixtures/business-day.ts';
import { expect, test } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

test.use({ viewport: PHONE });

test('an admin cancels a paid visit with a full refund: the visit shows cancelled and its payment the refund', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const firstName = `Canceller${randomUUID().slice(0, 6)}`;
  const customer = await api.createUser('customer', { name: `${firstName} Driver` });
  const admin = await api.createUser('admin');
  const asCustomer = await api.requestAs(customer);
  const staff = await api.requestAs(admin);
  // Band 7 (days 300-339 ahead), shared with move-visit.spec.ts only: a slot holds two visits,
  // and this one is cancelled, its seat freed, within the test.
  const slot = await freeSlot(asCustomer, 7);
  const visit = await paidVisitOn(asCustomer, staff, customer.email, slot.date, { firstName });
  const payment = (await (
    await expectOk(
      await staff.get(`/api/visits/${visit.bookingId}/payment`),
      'GET /api/visits/:bookingId/payment',
    )
  ).json()) as { orderNumber: string; amountCents: number; choices: { full: number } };
  const full = formatPrice(payment.choices.full);
  expect(payment.choices.full).toBe(payment.amountCents);

  await signIn(page, admin);
  await page.goto(`/admin/appointments?q=${firstName}`);
  const row = `${firstName} Driver, Basic Oil Change`;
  const card = page.getByRole('listitem').filter({ hasText: `${firstName} Driver` });
  await expect(card).toContainText('Scheduled');
  await expectAccessible(page);

  const cancel = page.getByRole('button', { name: `Cancel visit for ${row}` });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel visit' });
  await expect(dialog).toContainText(payment.orderNumber);
  await expect(dialog).toContainText('No refunds yet.');
  const choice = dialog.getByRole('radio', { name: `Full refund (${full})` });
  await choice.focus();
  await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
  await dialog.getByLabel(/Reason/).fill('Customer moved away');
  // The dialog fits the phone's width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel visit' }).click();

  await expect(page.getByText(`Visit cancelled. ${full} refunded.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: `Cancel visit for ${row}` })).toHaveCount(0);
  await expectAccessible(page, WITHOUT_TOASTER);

  await page.getByRole('button', { name: `Payment for ${row}` }).click();
  const paymentDialog = page.getByRole('dialog', { name: 'Payment' });
  const refunds = paymentDialog.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
  await expect(refunds.getByRole('listitem')).toContainText(full);
  await expect(refunds.getByRole('listitem')).toContainText('Customer moved away');
  await expect(paymentDialog.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page, WITHOUT_TOASTER);
});
