// "On my way" at 390 px: a technician with today's visit of a customer who asked for texts taps
// On my way, chooses 30 minutes, and the customer's text ("<first name> from <business> is on the
// way, arriving about ...") is in the development outbox, beside the e-mails; a second estimate
// is Running late. Staff read the visit's messages on /admin/appointments, and the customer
// switches texts about the visit off on /profile. Every page is scanned by axe.
//
// Technicians see today's jobs only: the journey runs on a server of its own whose business time
// zone is one where it is now between 9 AM and 4 PM.
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { SUPER_ADMIN } from '../fixtures/accounts.ts';
import { mailbox } from '../fixtures/booking.ts';
import { assignedVisitToday } from '../fixtures/technician-day.ts';
import { testOnOwnServer as test } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

/** The newest message of `template` in the development outbox. */
async function outboxMessage(superAdmin: APIRequestContext, template: string) {
  let found: Awaited<ReturnType<typeof mailbox>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await mailbox(superAdmin)).find((m) => m.template === template);
      return found;
    })
    .toBeTruthy();
  return found!;
}

test.use({ viewport: PHONE });

test('a technician taps On my way and the customer is texted the arrival', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const firstName = `Otw${Date.now().toString(36)}`;
  const { admin, technician, customer } = await assignedVisitToday(api, 'Terry Torque', {
    textUpdates: true,
    firstName,
  });

  await signIn(page, technician);
  await page.goto('/technician-dashboard');
  const job = page.getByRole('article').filter({ hasText: 'Basic Oil Change' });
  const onMyWay = job.getByRole('group', { name: /^On my way/ });
  await expect(onMyWay).toBeVisible();
  await expectAccessible(page);
  await onMyWay.getByLabel('When will you arrive?').selectOption({ label: 'In 30 minutes' });
  await onMyWay.getByRole('button', { name: /^On my way/ }).click();
  await expect(job).toContainText(/Customer told: arriving about \d{1,2}:\d{2} [AP]M/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page, WITHOUT_TOASTER);

  // The text is in the development outbox, to the visit's number, naming the technician.
  const superAdmin = await api.asSuperAdmin();
  const text = await outboxMessage(superAdmin, 'on-my-way');
  expect(text.to).toBe('+15551234567');
  expect(text.text).toMatch(
    /^Terry from Pitstop is on the way, arriving about \d{1,2}:\d{2} [AP]M\. Questions\?/,
  );

  // A new estimate is Running late.
  const late = job.getByRole('group', { name: /^Running late/ });
  await late.getByLabel('When will you arrive?').selectOption({ label: 'In 60 minutes' });
  await late.getByRole('button', { name: /^Running late/ }).click();
  const lateText = await outboxMessage(superAdmin, 'running-late');
  expect(lateText.text).toMatch(/^Terry from Pitstop is running late, now arriving about/);

  // Staff read the visit's messages: the confirmation and both texts, the first withdrawn (a newer
  // estimate replaced it before it went).
  await page.context().clearCookies();
  await signIn(page, admin);
  await page.goto(`/admin/appointments?q=${firstName}`);
  await page
    .getByRole('button', { name: `Messages for ${firstName} Driver, Basic Oil Change` })
    .click();
  const messages = page.getByRole('dialog', { name: 'Messages' });
  await expect(messages.getByRole('list', { name: 'Messages' })).toContainText('Running late');
  await expect(messages).toContainText('Terry from Pitstop is running late');
  await expect(messages).toContainText('Confirmation');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // The customer switches texts about the visit off on /profile.
  await page.context().clearCookies();
  await signIn(page, customer);
  await page.goto('/profile');
  const texts = page.getByRole('checkbox', { name: /^Text me about this visit/ });
  await expect(texts).toBeChecked();
  await texts.uncheck();
  await expect(page.getByText('Texts about this visit are off')).toBeVisible();
  await expectAccessible(page);

  // The development outbox page shows the texts beside the e-mails.
  await page.context().clearCookies();
  await signIn(page, SUPER_ADMIN);
  await page.goto('/dev/mailbox');
  await expect(page.getByText('Text to +15551234567').first()).toBeVisible();
  await expectAccessible(page);
});
