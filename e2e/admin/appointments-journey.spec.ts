// Running the day: an admin finds a visit by customer and another by service and by its order
// number, gives the first to a technician on duty (an off-duty one is not offered; one not working
// today is marked), works it to completed, cancels the second after confirming, and the
// dashboard's figures follow. A manager has
// the same screen at /manager/appointments; the metric pages and Analytics show the day's real
// figures. Every page is scanned by axe, and the appointments screen is checked at 390 px.
//
// "Today" matters here, so the journey runs on a server of its own whose business zone is one
// where it is now mid-day (see fixtures/business-day.ts).
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { mailbox } from '../fixtures/booking.ts';
import {
  middayZone,
  onboardedTechnician,
  paidVisitOn,
  useBusinessZone,
} from '../fixtures/business-day.ts';
import { testOnOwnServer as test } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { DESKTOP, PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

const metricCard = (page: Page, title: string) =>
  page.getByRole('link', { name: new RegExp(`^${title}`) });

async function expectFigures(page: Page, figures: Record<string, string>) {
  for (const [title, today] of Object.entries(figures)) {
    await expect(metricCard(page, title)).toContainText(`Today: ${today}`);
  }
}

test.use({ viewport: DESKTOP });

test('an admin searches, assigns a technician on duty, cancels with confirmation, and the dashboard follows', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(240_000);
  const { timeZone, today } = middayZone();
  const admin = await api.createUser('admin', { name: 'Ada Admin' });
  const staff = await api.requestAs(admin);
  await useBusinessZone(staff, timeZone);

  await onboardedTechnician(api, 'Sam Spanner', { onDuty: true, workingOn: today });
  await onboardedTechnician(api, 'Nia Notoday', { onDuty: true });
  await onboardedTechnician(api, 'Olive Offduty', { onDuty: false, workingOn: today });

  const quinn = await api.createUser('customer', { name: 'Quinn Driver' });
  const riley = await api.createUser('customer', { name: 'Riley Driver' });
  await paidVisitOn(await api.requestAs(quinn), staff, quinn.email, today, {
    firstName: 'Quinn',
  });
  await paidVisitOn(await api.requestAs(riley), staff, riley.email, today, {
    firstName: 'Riley',
    services: ['battery-service'],
  });

  // The dashboard: two visits today, none done; two technicians on duty.
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expectFigures(page, {
    "Today's Appointments": '2',
    'Active Technicians': '2',
    'Completion Rate': '0.0%',
    'Avg Service Time': '—',
  });
  await expectAccessible(page);

  // Appointments: search by customer.
  await page.getByRole('link', { name: 'Manage appointments' }).first().click();
  await page.waitForURL('**/admin/appointments**');
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  const search = page.getByLabel('Search customer, service or order number');
  await search.fill('quinn');
  const quinnRow = 'Quinn Driver, Basic Oil Change';
  const rileyRow = 'Riley Driver, Battery Service';
  await expect(page.getByLabel(`Status of ${rileyRow}`)).toHaveCount(0);
  const picker = page.getByLabel(`Technician for ${quinnRow}`);
  await expect(picker).toBeEnabled();
  await expectAccessible(page);

  // Only technicians on duty are offered; one not working today is marked.
  await expect(picker.locator('option')).toHaveText([
    'Unassigned',
    'Nia Notoday (not working this day)',
    'Sam Spanner',
  ]);
  await picker.selectOption({ label: 'Sam Spanner' });
  await expect(page.getByText('Sam Spanner assigned to Quinn Driver').last()).toBeVisible();
  await expect(picker).toBeEnabled();

  // The admin works it through to completed.
  const quinnStatus = page.getByLabel(`Status of ${quinnRow}`);
  await quinnStatus.selectOption({ label: 'In Progress' });
  await expect(quinnStatus).toBeEnabled();
  await expect(quinnStatus).toHaveValue('in-progress');
  await quinnStatus.selectOption({ label: 'Completed' });
  await expect(quinnStatus).toBeEnabled();
  await expect(quinnStatus).toHaveValue('completed');

  // Search by service; cancelling asks first, and "Keep appointment" keeps it.
  await search.fill('BATTERY');
  await expect(page.getByLabel(`Status of ${quinnRow}`)).toHaveCount(0);
  const rileyStatus = page.getByLabel(`Status of ${rileyRow}`);
  await rileyStatus.selectOption({ label: 'Cancelled' });
  const confirm = page.getByRole('alertdialog', { name: 'Cancel appointment?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, WITHOUT_TOASTER);
  await confirm.getByRole('button', { name: 'Keep appointment' }).click();
  await expect(confirm).toBeHidden();
  await expect(rileyStatus).toHaveValue('scheduled');
  await rileyStatus.selectOption({ label: 'Cancelled' });
  await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(confirm).toBeHidden();
  await expect(rileyStatus).toHaveValue('cancelled');

  // The order number the customer quotes (PS-…, shown on the row) finds the visit too.
  const rileyOrder = await page
    .getByRole('row')
    .filter({ has: page.getByLabel(`Status of ${rileyRow}`) })
    .getByText(/^Order PS-\d+$/)
    .textContent();
  await search.fill(rileyOrder!.replace('Order ', ''));
  await expect(page.getByText('1 appointment matching')).toBeVisible();
  await expect(page.getByLabel(`Status of ${rileyRow}`)).toBeVisible();

  // The status filter finds it among the cancelled; the customers heard by e-mail.
  await search.fill('');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Cancelled' });
  await expect(page.getByLabel(`Status of ${rileyRow}`)).toBeVisible();
  await expect(page.getByLabel(`Status of ${quinnRow}`)).toHaveCount(0);
  const superAdmin = await api.asSuperAdmin();
  await expect
    .poll(async () =>
      (await mailbox(superAdmin))
        .filter((message) => message.to === quinn.email || message.to === riley.email)
        .map((message) => `${message.to === quinn.email ? 'quinn' : 'riley'} ${message.template}`)
        .sort(),
    )
    .toEqual(
      expect.arrayContaining([
        'quinn job-completed',
        'quinn job-in-progress',
        'quinn technician-assigned',
        'riley appointment-cancelled',
      ]),
    );

  // The dashboard follows: one visit left today, and it is done.
  await page.goto('/admin');
  await expectFigures(page, {
    "Today's Appointments": '1',
    'Active Technicians': '2',
    'Completion Rate': '100.0%',
  });
  // Started and completed within seconds: an implausible service time, left out of the average.
  await expect(metricCard(page, 'Avg Service Time')).toContainText('Today: —');

  // Each card opens its page with the same real figures.
  await metricCard(page, 'Completion Rate').click();
  await page.waitForURL('**/admin/metrics/completion-rate');
  await expect(page.getByText('100.0%').first()).toBeVisible();
  await expect(page.getByText('Quinn Driver').first()).toBeVisible();
  await expectAccessible(page);
  for (const [path, text] of [
    ['/admin/metrics/today-appointments', 'Quinn Driver'],
    ['/admin/metrics/active-technicians', 'Sam Spanner'],
    ['/admin/metrics/service-time', 'Basic Oil Change'],
    ['/admin/analytics', 'Basic Oil Change'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto('/admin/metrics/active-technicians');
  await expect(page.getByText('Olive Offduty')).toHaveCount(0);

  // On a phone the appointments screen fits the width and passes axe.
  await page.setViewportSize(PHONE);
  await page.goto('/admin/appointments');
  await expect(page.getByLabel(`Status of ${quinnRow}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page);
});

test('a manager has the appointments screen at /manager/appointments; a customer is sent on to the admin portal', async ({
  api,
  page,
  signIn,
}) => {
  const manager = await api.createUser('manager', { name: 'Max Manager' });
  await signIn(page, manager);
  await page.goto('/manager/appointments');
  await expect(page.getByRole('heading', { name: 'Manager Appointments', level: 1 })).toBeVisible();
  await expectAccessible(page);

  const customer = await api.createUser('customer');
  await signIn(page, customer);
  await page.goto('/manager/appointments');
  // To /admin, which sends a non-staff role on to the admin portal.
  await page.waitForURL('**/admin-portal');
});
