// Today's route at 390 px: a technician whose home is downtown Atlanta, with a downtown visit and a
// later one in Marietta today, sees Today's Route above the jobs: the stops in order, the drive
// from home (the 10-minute minimum) and on to Marietta (an hour), the day's driving home to home,
// and Open route in Maps through both addresses in a new tab. The page is scanned by axe.
//
// Technicians see today's jobs only: the journey runs on a server of its own whose business time
// zone is one where it is now between 9 AM and 4 PM.
import { mapsRouteHref } from '@pitstop/shared/scheduling/route';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { testOnOwnServer as test } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { ROUTE_VISITS, routeDayToday } from '../fixtures/technician-route.ts';
import { PHONE } from '../fixtures/viewports.ts';

test.use({ viewport: PHONE });

test("a technician sees today's route with the drives and opens it in Maps", async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { technician } = await routeDayToday(api, 'Rita Route');

  await signIn(page, technician);
  await page.goto('/technician-dashboard');
  const route = page.getByRole('region', { name: "Today's Route" });
  await expect(route).toBeVisible();
  await expect(route).toContainText('About 2 h 10 min of driving today');

  const stops = route.getByRole('listitem');
  await expect(stops).toHaveCount(2);
  const [downtown, marietta] = ROUTE_VISITS;
  const addresses = ROUTE_VISITS.map((visit) =>
    [visit.address, visit.city, visit.zipCode].join(', '),
  );
  await expect(stops.nth(0)).toContainText('From home: about 10 min');
  await expect(stops.nth(0)).toContainText(addresses[0]!);
  await expect(stops.nth(0)).toContainText(downtown.firstName);
  await expect(stops.nth(1)).toContainText('Drive about 1 h');
  await expect(stops.nth(1)).toContainText(addresses[1]!);
  await expect(stops.nth(1)).toContainText(marietta.firstName);

  const maps = route.getByRole('link', { name: 'Open route in Maps (opens in a new tab)' });
  await expect(maps).toHaveAttribute('href', mapsRouteHref(addresses)!);
  await expect(maps).toHaveAttribute('target', '_blank');
  await expect(maps).toHaveAttribute('rel', 'noopener noreferrer');
  // Focusable, so Tab reaches it.
  await maps.focus();
  await expect(maps).toBeFocused();

  // The route sits above today's jobs, and nothing runs off a phone's screen.
  const jobs = page.getByRole('region', { name: "Today's Appointments" });
  await expect(jobs.getByRole('article')).toHaveCount(2);
  const routeBox = (await route.boundingBox())!;
  const jobsBox = (await jobs.boundingBox())!;
  expect(routeBox.y).toBeLessThan(jobsBox.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page);
});
