// The odometer at 390 px: a technician's job card names the customer's car (year, make, model,
// colour, plate) and note; choosing Completed asks for the odometer, and the technician fills it
// in by keyboard with the oil used. The customer's completion e-mail names the reading and when
// the next oil change is due. Every page state is scanned by axe.
//
// Technicians see today's jobs only: the journey runs on a server of its own whose business time
// zone is one where it is now between 9 AM and 4 PM.
import { expectAccessible } from '../fixtures/accessibility.ts';
import { mailbox } from '../fixtures/booking.ts';
import { assignedVisitToday } from '../fixtures/technician-day.ts';
import { testOnOwnServer as test } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

test.use({ viewport: PHONE });

test('a technician completes a job with the odometer reading on a phone', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { technician, customer } = await assignedVisitToday(api, 'Terry Torque');

  await signIn(page, technician);
  await page.goto('/technician-dashboard');
  const job = page.getByRole('article').filter({ hasText: 'Basic Oil Change' });
  await expect(job).toContainText(/2019 Toyota Camry · Silver · E2E[A-F0-9]{6}/);
  await expect(job).toContainText('Blue gate, side entrance');
  await expectAccessible(page);

  // Completed asks for the odometer first; the status stays until it is sent.
  const status = job.getByLabel('Status');
  await status.selectOption({ label: 'Completed' });
  const odometer = job.getByLabel('Odometer (miles)');
  await expect(odometer).toBeFocused();
  await expect(status).toHaveValue('scheduled');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page);

  // By keyboard: the reading, Tab to Oil used, and Enter sends the form.
  await page.keyboard.type('45210');
  await page.keyboard.press('Tab');
  await expect(job.getByLabel('Oil used')).toBeFocused();
  await page.keyboard.type('5W-30, 4.5 qt');
  await page.keyboard.press('Enter');
  await expect(status).toHaveValue('completed');
  await expect(odometer).toHaveCount(0);
  await expectAccessible(page, WITHOUT_TOASTER);

  // The customer's completion e-mail names the reading and the next oil change.
  const superAdmin = await api.asSuperAdmin();
  let text = '';
  await expect
    .poll(async () => {
      const message = (await mailbox(superAdmin)).find(
        (m) => m.to === customer.email && m.template === 'job-completed',
      );
      text = message?.text ?? '';
      return text;
    })
    .toContain('Odometer: 45,210 miles');
  // Basic Oil Change: every 3,000 miles or 3 months.
  expect(text).toMatch(/Next oil change: about 48,210 miles or by [A-Z][a-z]{2} \d{1,2}, \d{4}/);
});
