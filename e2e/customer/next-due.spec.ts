// After a completed visit whose technician recorded the odometer, the customer's vehicle on
// /profile (390 px) shows when its next oil change is due, with the default pace stated while it
// has one reading, and its service history behind a disclosure. Every page is scanned by axe.
//
// The technician completes today's job, so the spec runs on a server of its own whose business
// time zone is one where it is now between 9 AM and 4 PM.
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { nextDueOf, nextDuePaceNote, nextDueSentence } from '@pitstop/shared/vehicles/next-due';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { expectOk } from '../fixtures/business-day.ts';
import { assignedVisitToday } from '../fixtures/technician-day.ts';
import { testOnOwnServer as test } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

test.use({ viewport: PHONE });

const ODOMETER = 42_000;

test('a completed visit with an odometer reading gives the vehicle its next due date', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(180_000);
  // A Basic Oil Change today, for the vehicle the booking saves to the garage, completed by the
  // technician with the odometer.
  const { today, technician, customer, visit } = await assignedVisitToday(api, 'Riley Ratchet');
  const asTechnician = await api.requestAs(technician);
  for (const status of ['in-progress', 'completed'] as const) {
    await expectOk(
      await asTechnician.patch(`/api/technician/jobs/${visit.id}/status`, {
        data: status === 'completed' ? { status, odometerMiles: ODOMETER } : { status },
      }),
      `PATCH /api/technician/jobs/:id/status (${status})`,
    );
  }

  // 3,000 miles at the default pace (one reading), before the 3 months.
  const due = nextDueOf(
    {
      serviceId: 'basic-oil-change',
      serviceName: 'Basic Oil Change',
      includesOilChange: true,
      intervalMiles: 3000,
      intervalMonths: 3,
      on: today,
      miles: ODOMETER,
    },
    [{ on: today, miles: ODOMETER }],
  )!;
  expect(due.dueOn).toBe(addCalendarDays(today, 82));

  await signIn(page, customer);
  await page.goto('/profile');
  const garage = page.getByRole('region', { name: 'My Garage' });
  await expect(garage.getByText(nextDueSentence(due))).toBeVisible();
  await expect(garage.getByText(nextDuePaceNote(due)!)).toBeVisible();
  await expect(garage.getByText(/37 miles a day/)).toBeVisible();
  await expectAccessible(page);

  const toggle = garage.getByRole('button', { name: /^Service history of .* \(1 visit\)$/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const history = garage.getByRole('list', { name: /^Service history of / });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Basic Oil Change');
  await expect(history).toContainText('42,000 miles');
  await expect(history).toContainText('Riley Ratchet');
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectAccessible(page);
});
