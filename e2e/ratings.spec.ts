// A visit rated for real, at 390 px: staff complete a visit's last job, its customer gets one
// "How did we do?" e-mail, opens its link signed out, rates the visit 2 stars with a comment by
// keyboard and is thanked (the link then says the visit is rated); staff see the rating on the
// technician's card with the comment, and the low rating on the dashboard until they mark it
// followed up. Every page is scanned by axe.
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { RATING_MESSAGES } from '@pitstop/shared/ratings/words';
import { expectAccessible } from './fixtures/accessibility.ts';
import { mailbox } from './fixtures/booking.ts';
import { expectOk, onboardedTechnician, paidVisitOn } from './fixtures/business-day.ts';
import { daysAhead } from './fixtures/calendar.ts';
import { expect, test } from './fixtures/test.ts';
import { PHONE } from './fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };
const COMMENT = 'Friendly, but left oil on the driveway.';

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

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
}

test.use({ viewport: PHONE });

test('a completed visit is rated from the e-mailed link, and staff see it and follow it up', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(180_000);
  const admin = await api.createUser('admin', { name: 'Ada Admin' });
  const staff = await api.requestAs(admin);
  // Days 340-364 ahead are this spec's: no other spec books them.
  const date = daysAhead(340 + randomInt(25));
  const technician = await onboardedTechnician(api, 'Riley Ratchet', { onDuty: true });
  const customer = await api.createUser('customer', { name: 'Avery Driver' });
  const asCustomer = await api.requestAs(customer);

  // A visit given to the technician and completed.
  const visit = await paidVisitOn(asCustomer, staff, customer.email, date, { firstName: 'Rated' });
  await expectOk(
    await staff.patch(`/api/appointments/${visit.id}/technician`, {
      data: { technicianId: technician.id },
    }),
    'PATCH /api/appointments/:id/technician',
  );
  await expectOk(
    await staff.patch(`/api/appointments/${visit.id}/status`, { data: { status: 'completed' } }),
    'PATCH /api/appointments/:id/status',
  );

  // The customer opens the e-mailed link, signed out, and rates the visit by keyboard.
  const superAdmin = await api.asSuperAdmin();
  const request = await mailText(superAdmin, 'rating-request', customer.email);
  expect(request).toContain('Riley');
  expect(request).toContain('Basic Oil Change');
  const link = request.match(/https?:\/\/\S*\/rate\/[\w-]+/)?.[0];
  expect(link, 'the rating link in the e-mail').toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: RATING_MESSAGES.heading })).toBeVisible();
  await expect(page.getByText(/Riley from .* visited you on/)).toBeVisible();
  const stars = page.getByRole('radiogroup', { name: 'Your rating' });
  await expect(stars.getByRole('radio')).toHaveCount(5);
  await expectNoSideways(page);
  await expectAccessible(page);
  await stars.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '2 stars' })).toBeChecked();
  await page.getByRole('textbox', { name: /Comment/ }).fill(COMMENT);
  await page.getByRole('button', { name: RATING_MESSAGES.send }).click();
  await expect(page.getByRole('status')).toContainText(RATING_MESSAGES.thanks);
  await expectAccessible(page);

  // The link works once: opened again, it says the visit is rated.
  await page.reload();
  await expect(page.getByText(RATING_MESSAGES.alreadyRated)).toBeVisible();
  await expect(stars).toHaveCount(0);
  await expectAccessible(page);

  // Staff see the rating on the technician's card, with the comment.
  await signIn(page, admin);
  await page.goto('/admin/technicians');
  const card = page.getByRole('article').filter({
    has: page.getByRole('heading', { name: 'Riley Ratchet' }),
  });
  await expect(card).toContainText('★ 2.0 (1 rating)');
  await card.getByRole('button', { name: 'Show ratings of Riley Ratchet' }).click();
  await expect(card.getByText(COMMENT)).toBeVisible();
  await expectNoSideways(page);
  await expectAccessible(page);

  // The low rating waits on the dashboard until it is followed up.
  await page.goto('/admin');
  const low = page.getByRole('region', { name: 'Low ratings to follow up' });
  const item = low.getByRole('listitem').filter({ hasText: COMMENT });
  await expect(item).toContainText('2 stars');
  await expect(item).toContainText('Rated Driver');
  await expectAccessible(page, WITHOUT_TOASTER);
  await item
    .getByRole('button', { name: new RegExp(`^${RATING_MESSAGES.followedUp}: Rated`) })
    .click();
  await expect(item).toHaveCount(0);
  await expectAccessible(page, WITHOUT_TOASTER);
});
