// A technician's first day, at 390 px: an admin invites them from /admin/technicians, they follow
// the e-mailed link, set a password, go through the four onboarding steps (the third keeps the
// password just set), reach the dashboard, start duty, and move a job assigned to them from
// scheduled to in progress to completed; the customer's mailbox then holds both e-mails. Their
// profile shows the day's jobs, and after Sign Out the password from the link still signs them in.
// Every page is scanned by axe.
//
// Technicians see today's jobs only, so the journey needs a job today, whatever the hour the
// suite runs at: it runs on a server of its own whose business time zone is one where it is
// now between 9 AM and 4 PM (every day is open then by default).
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { mailbox } from '../fixtures/booking.ts';
import { expectOk, middayZone, paidVisitOn, useBusinessZone } from '../fixtures/business-day.ts';
import { testOnOwnServer as test } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };
const PASSWORD = 'first-day-secret';

/** The newest link in an e-mail of `template` sent to `email`. */
async function linkIn(admin: APIRequestContext, template: string, email: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const message = (await mailbox(admin)).find((m) => m.template === template && m.to === email);
      link = message?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

async function chooseStatus(page: Page, job: ReturnType<Page['getByRole']>, label: string) {
  await job.getByLabel('Status').selectOption({ label });
  if (label === 'Completed') {
    // Completing asks for the odometer (issue 31) before anything is saved.
    await job.getByLabel('Odometer (miles)').fill('12000');
    await job.getByRole('button', { name: 'Complete job' }).click();
  }
  await expect(page.getByText(`Basic Oil Change is now ${label}.`).last()).toBeVisible();
  await expect(job.getByLabel('Status')).toBeEnabled();
}

test.use({ viewport: PHONE });

test('invited by e-mail, a technician sets a password, onboards, starts duty and completes a job the customer hears about', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(180_000);
  const { timeZone, today } = middayZone();
  const admin = await api.createUser('admin', { name: 'Ada Admin' });
  const staff = await api.requestAs(admin);
  await useBusinessZone(staff, timeZone);

  // The admin invites the technician.
  const technicianEmail = api.uniqueEmail('technician');
  await signIn(page, admin);
  await page.goto('/admin/technicians');
  await expect(page.getByRole('heading', { name: 'Technicians', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Invite Technician' }).first().click();
  const invite = page.getByRole('dialog', { name: 'Invite Technician' });
  await invite.getByLabel('Full Name').fill('  Terry Torque ');
  await invite.getByLabel('Email').fill(technicianEmail);
  await expectAccessible(page);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('Invitation sent successfully!')).toBeVisible();
  await expect(invite).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Terry Torque' })).toBeVisible();

  // The technician follows the e-mailed link in a browser of their own (the admin signs out).
  const link = await linkIn(await api.asSuperAdmin(), 'technician-invitation', technicianEmail);
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await expect(page.getByText(technicianEmail)).toBeVisible();
  const setPassword = page.getByRole('button', { name: 'Set Password' });
  await expect(setPassword).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await expectAccessible(page);
  await setPassword.click();
  await page.waitForURL('**/technician-onboarding');

  // Four steps; the admin's name is kept and cannot be changed.
  await expect(page.getByRole('navigation', { name: 'Onboarding progress' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Terry Torque');
  await expect(page.getByLabel('Full Name')).toHaveAttribute('readonly', '');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Phone').fill('5557654321');
  await expect(page.getByLabel('Phone')).toHaveValue('(555) 765-4321');
  await expectAccessible(page);
  await next.click();
  await page.getByLabel('Street Address').fill('9 Wrench Way');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('ZIP Code').fill('12345');
  await page.getByLabel('Home ZIP').fill('30303');
  // The business's own areas, as checkboxes; the technician covers two.
  const areas = page.getByRole('group', { name: 'Service Areas' });
  await areas.getByRole('checkbox', { name: 'Suburbs' }).check();
  await areas.getByRole('checkbox', { name: 'Downtown' }).check();
  await expectAccessible(page);
  await next.click();
  // The password from the link is set already: kept unless a new one is chosen.
  await expect(page.getByText('Your password is already set')).toBeVisible();
  const keep = page.getByRole('radio', { name: 'Keep my current password' });
  await expect(keep).toBeChecked();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(next).toBeEnabled();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Choose a new password' }).check();
  await page.getByLabel('Password', { exact: true }).fill('another-secret');
  await page.getByLabel('Confirm Password').fill('another-secretx');
  await page.getByLabel('Password', { exact: true }).focus();
  await expect(next).toBeDisabled();
  await expectAccessible(page);
  await keep.check();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await next.click();
  await page.getByLabel('Emergency Contact').fill('Pat Torque');
  await page.getByLabel('Emergency Phone').fill('5551112222');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await page.waitForURL('**/technician-dashboard');

  // The dashboard: a new technician starts the day off duty.
  await expect(page.getByText('Terry Torque').first()).toBeVisible();
  await expect(
    page.getByText('Service Area', { exact: true }).locator('xpath=following-sibling::dd'),
  ).toHaveText('Downtown, Suburbs');
  await expect(page.getByText('No appointments scheduled for today')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start Duty' }).click();
  await expect(page.getByRole('button', { name: 'End Duty' })).toBeVisible();

  // A customer books and pays a visit today; the admin assigns it to the technician.
  const customer = await api.createUser('customer', { name: 'Avery Driver' });
  const customerApi = await api.requestAs(customer);
  const appointment = await paidVisitOn(customerApi, staff, customer.email, today);
  const { technicians } = (await (
    await expectOk(await staff.get('/api/technicians'), 'GET /api/technicians')
  ).json()) as { technicians: { id: string; email: string }[] };
  const technicianId = technicians.find((t) => t.email === technicianEmail)!.id;
  await expectOk(
    await staff.patch(`/api/appointments/${appointment.id}/technician`, { data: { technicianId } }),
    'PATCH /api/appointments/:id/technician',
  );

  // The job appears; the technician moves it through the day.
  await page.reload();
  const job = page.getByRole('article').filter({ hasText: 'Basic Oil Change' });
  await expect(job).toBeVisible();
  await expect(job).toContainText('Blue gate, side entrance');
  await expect(job.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expectAccessible(page);
  await chooseStatus(page, job, 'In Progress');
  await chooseStatus(page, job, 'Completed');
  await expectAccessible(page, WITHOUT_TOASTER);

  // The customer's mailbox has both e-mails.
  const superAdmin = await api.asSuperAdmin();
  await expect
    .poll(async () =>
      (await mailbox(superAdmin))
        .filter((m) => m.to === customer.email)
        .map((m) => m.template)
        .sort(),
    )
    .toEqual(expect.arrayContaining(['job-completed', 'job-in-progress']));

  // Their profile speaks of their jobs and leads back to the job list.
  await page.getByRole('link', { name: 'My Profile' }).click();
  await page.waitForURL('**/profile');
  const myJobs = page.getByRole('region', { name: 'My Jobs' });
  await expect(
    myJobs.getByText('Completed Today').locator('xpath=following-sibling::dd'),
  ).toHaveText('1');
  await expect(page.getByText('No appointments yet')).toHaveCount(0);
  await expectAccessible(page, WITHOUT_TOASTER);
  await myJobs.getByRole('link', { name: 'Open My Job List' }).click();
  await page.waitForURL('**/technician-dashboard');
  await expect(job).toBeVisible();

  // Sign Out goes back to the Technician Portal, where the password from the link still works.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/tech-portal');
  await expectAccessible(page);
  await page.getByLabel('Email', { exact: true }).fill(technicianEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL('**/technician-dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});
