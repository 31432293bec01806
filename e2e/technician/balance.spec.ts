// The balance is paid, not chased, at 390 px: a technician adds a service on site to today's visit,
// opens Payment link on the job card (the QR code and the link) and e-mails it; the customer
// follows the e-mailed link, signs in, pays the balance on the local checkout and is back on the
// visit, which shows it paid, with a receipt in the mailbox; the technician's card and the staff's
// Payment dialog show it paid too. Every page is scanned by axe.
//
// Technicians see today's jobs only: the journey runs on a server of its own whose business time
// zone is one where it is now between 9 AM and 4 PM.
import type { APIRequestContext } from '@playwright/test';
import { maskEmail } from '@pitstop/shared/appointments/balance';
import { formatPrice } from '@pitstop/shared/money';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { CARDS, fillCard, mailbox } from '../fixtures/booking.ts';
import { expectOk } from '../fixtures/business-day.ts';
import { assignedVisitToday } from '../fixtures/technician-day.ts';
import { testOnOwnServer as test } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };
/** Added on site, as seeded. */
const ADDED = { id: 'battery-service', name: 'Battery Service' };

/** The text of the newest e-mail of `template` sent to `email`. */
async function mailText(admin: APIRequestContext, template: string, email: string) {
  let text: string | undefined;
  await expect
    .poll(async () => {
      text = (await mailbox(admin)).find((m) => m.template === template && m.to === email)?.text;
      return text;
    })
    .toBeTruthy();
  return text as string;
}

test.use({ viewport: PHONE });

test('a service added on site is paid by the customer from the e-mailed link, and everyone sees it paid', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(180_000);
  // A visit today, assigned to the technician, who adds a service on site.
  const { admin, staff, technician, customer, visit } = await assignedVisitToday(
    api,
    'Terry Torque',
    { firstName: 'Balance' },
  );
  const asTechnician = await api.requestAs(technician);
  const added = (await (
    await expectOk(
      await asTechnician.post(`/api/technician/jobs/${visit.id}/services`, {
        data: { serviceIds: [ADDED.id] },
      }),
      'POST /api/technician/jobs/:id/services',
    )
  ).json()) as { visitBalanceDueCents: number };
  const due = formatPrice(added.visitBalanceDueCents);
  expect(added.visitBalanceDueCents).toBeGreaterThan(0);

  // The technician shows the payment link and e-mails it.
  await signIn(page, technician);
  await page.goto('/technician-dashboard');
  const job = page.getByRole('article').filter({ hasText: 'Basic Oil Change' });
  await expect(job).toContainText(`Balance due ${due}`);
  await expectAccessible(page);
  await job.getByRole('button', { name: /^Payment link/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay the balance' });
  await expect(dialog.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  await expect(dialog).toContainText(`/profile?visit=${visit.bookingId}`);
  await expect(dialog).toContainText(due);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'E-mail link' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    `Payment link sent to ${maskEmail(customer.email)}`,
  );
  await expect(dialog).not.toContainText(customer.email);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The customer follows the e-mailed link, signs in and pays.
  const superAdmin = await api.asSuperAdmin();
  const linkMail = await mailText(superAdmin, 'balance-link', customer.email);
  expect(linkMail).toContain(ADDED.name);
  const link = linkMail.match(/https?:\/\/\S*\/profile\?visit=\S+/)?.[0];
  expect(link, 'the pay link in the e-mail').toBeTruthy();
  await page.context().clearCookies();
  await signIn(page, customer);
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  const pay = page.getByRole('button', { name: /^Pay balance/ });
  await expect(pay).toContainText(due);
  await expectAccessible(page);
  await pay.click();
  await page.waitForURL('**/checkout/local/**');
  await fillCard(page, CARDS.success, 'Avery Driver');
  await page.getByRole('button', { name: `Pay ${due}` }).click();
  await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.has('balance'));
  await expect(page.getByText(`Balance of ${due} paid`)).toBeVisible();
  await expect(pay).toHaveCount(0);
  await expectAccessible(page, WITHOUT_TOASTER);
  const receipt = await mailText(superAdmin, 'balance-receipt', customer.email);
  expect(receipt).toContain(ADDED.name);
  expect(receipt).toContain(due);

  // The technician's card says so.
  await page.context().clearCookies();
  await signIn(page, technician);
  await page.goto('/technician-dashboard');
  await expect(job).toContainText(`Balance of ${due} paid`);
  await expect(job.getByRole('button', { name: /^Payment link/ })).toHaveCount(0);
  await expectAccessible(page);

  // Staff see the balance paid in the visit's Payment, and it is off the balance-due list.
  await page.context().clearCookies();
  await signIn(page, admin);
  await page.goto('/admin/appointments?q=Balance');
  // The visit is not begun, so its payment shows in the Cancel visit dialog, closed untouched.
  await page
    .getByRole('button', { name: 'Cancel visit for Balance Driver, Basic Oil Change' })
    .click();
  const payment = page.getByRole('dialog', { name: 'Cancel visit' });
  await expect(payment).toContainText(`Balance of ${due} paid`);
  await expect(payment).toContainText(ADDED.name);
  await expectAccessible(page, WITHOUT_TOASTER);
  await page.keyboard.press('Escape');
  await expect(payment).toBeHidden();
  const balanceDue = (await (
    await expectOk(await staff.get('/api/appointments/balance-due'), 'GET balance-due')
  ).json()) as { visits: { bookingId: string }[] };
  expect(balanceDue.visits.map((v) => v.bookingId)).not.toContain(visit.bookingId);
});
