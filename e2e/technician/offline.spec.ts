// The technician's app with no signal, at 390 px: once the dashboard has been opened, the phone
// keeps the app (a service worker) and the day (IndexedDB). The connection drops (Playwright's
// setOffline), the page reloads and still shows today's jobs under "Offline - showing jobs as of
// …". The technician starts one job and completes it with the odometer, and starts another that
// an admin cancels meanwhile; the changes wait on the phone, also across a reload. Back online
// they sync: the completed job reaches the server once (one completion e-mail; Completed on the
// admin's appointments page), the banner clears, and the cancelled job's change is shown refused
// with the server's reason. Every page state is scanned by axe.
//
// Technicians see today's jobs only: the journey runs on a server of its own whose business time
// zone is one where it is now between 9 AM and 4 PM.
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { mailbox } from '../fixtures/booking.ts';
import { expectOk, paidVisitOn } from '../fixtures/business-day.ts';
import { assignedVisitToday } from '../fixtures/technician-day.ts';
import { testOnOwnServer as test } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';

// The toaster draws its text below AA contrast (see booking.spec.ts); scanned without it.
const WITHOUT_TOASTER = { exclude: ['[data-sonner-toaster]'] };

test.use({ viewport: PHONE });

/** Resolves once the service worker controls the page and the day is kept on the device. */
async function keptOnDevice(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      }),
    )
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('pitstop-technician-answers');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('pitstop-technician-answers')) {
                db.close();
                resolve(false);
                return;
              }
              const read = db
                .transaction('pitstop-technician-answers')
                .objectStore('pitstop-technician-answers')
                .get('snapshot');
              read.onsuccess = () => {
                db.close();
                resolve(read.result !== undefined);
              };
              read.onerror = () => resolve(false);
            };
          }),
      ),
    )
    .toBe(true);
}

test('a technician works offline and the changes sync once when the signal returns', async ({
  api,
  page,
  signIn,
}) => {
  test.setTimeout(180_000);
  const firstName = `Off${Date.now().toString(36)}`;
  const { today, admin, staff, technician, customer } = await assignedVisitToday(
    api,
    'Olive Offline',
    { firstName },
  );
  // A second visit of the day for the same technician, which an admin will cancel.
  const asCustomer = await api.requestAs(customer);
  const second = await paidVisitOn(asCustomer, staff, customer.email, today, {
    services: ['battery-service'],
    firstName,
  });
  await expectOk(
    await staff.patch(`/api/appointments/${second.id}/technician`, {
      data: { technicianId: technician.id },
    }),
    'PATCH /api/appointments/:id/technician',
  );

  await signIn(page, technician);
  await page.goto('/technician-dashboard');
  const oilChange = page.getByRole('article').filter({ hasText: 'Basic Oil Change' });
  const battery = page.getByRole('article').filter({ hasText: 'Battery Service' });
  await expect(oilChange).toBeVisible();
  await expect(battery).toBeVisible();
  await expectAccessible(page);
  await keptOnDevice(page);

  // Installable: the dashboard links the manifest, which starts at the dashboard with its icons.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/technician.webmanifest',
  );
  const manifest = (await (await page.request.get('/technician.webmanifest')).json()) as {
    start_url: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest).toMatchObject({ start_url: '/technician-dashboard', display: 'standalone' });
  for (const icon of manifest.icons) {
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }

  // No signal: the page reloads from the phone and still shows today's jobs.
  await page.context().setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: 'Offline - showing jobs as of' }),
  ).toHaveText(/Offline - showing jobs as of \d{1,2}:\d{2}\s[AP]M/);
  await expect(oilChange).toBeVisible();
  await expect(battery).toBeVisible();
  await expectAccessible(page);

  // Meanwhile an admin cancels the battery visit.
  await expectOk(
    await staff.post(`/api/visits/${second.bookingId}/cancel`, {
      data: { refund: 'full', reason: 'Customer called' },
    }),
    'POST /api/visits/:bookingId/cancel',
  );

  // Offline, the oil change is started and completed with the odometer; the battery job started.
  await oilChange.getByLabel('Status').selectOption({ label: 'In Progress' });
  await expect(oilChange.getByLabel('Status')).toHaveValue('in-progress');
  await expect(oilChange).toContainText('Waiting to sync');
  await oilChange.getByLabel('Status').selectOption({ label: 'Completed' });
  await oilChange.getByLabel('Odometer (miles)').fill('45210');
  await oilChange.getByRole('button', { name: /^Complete/ }).click();
  await expect(oilChange.getByLabel('Status')).toHaveValue('completed');
  await battery.getByLabel('Status').selectOption({ label: 'In Progress' });
  await expect(page.getByText('3 changes waiting to sync')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page, WITHOUT_TOASTER);

  // The app closed and opened again, still offline: the changes are still waiting.
  await page.reload();
  await expect(page.getByText('3 changes waiting to sync')).toBeVisible();
  await expect(oilChange.getByLabel('Status')).toHaveValue('completed');

  // The signal returns: the changes sync, the banner clears, the cancelled job's change is refused.
  await page.context().setOffline(false);
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('Offline - showing jobs as of', { exact: false })).toHaveCount(0);
  const refusal = page
    .getByRole('list', { name: 'Changes not synced' })
    .getByRole('listitem')
    .filter({ hasText: 'Battery Service' });
  await expect(refusal.getByRole('alert')).toHaveText(
    new RegExp(
      `^Not synced: \\d{1,2}:\\d{2} [AP]M Battery Service, ${firstName} Driver: In Progress\\. .+`,
    ),
  );
  await expect(battery).toHaveCount(0);
  await expect(oilChange.getByLabel('Status')).toHaveValue('completed');
  await expectAccessible(page, WITHOUT_TOASTER);
  await refusal.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(refusal).toHaveCount(0);

  // The server applied the completion once: one completion e-mail, with the reading.
  const superAdmin = await api.asSuperAdmin();
  await expect
    .poll(async () =>
      (await mailbox(superAdmin)).filter(
        (m) => m.to === customer.email && m.template === 'job-completed',
      ),
    )
    .toHaveLength(1);
  const [completed] = (await mailbox(superAdmin)).filter(
    (m) => m.to === customer.email && m.template === 'job-completed',
  );
  expect(completed?.text).toContain('Odometer: 45,210 miles');

  // The admin's appointments page shows the oil change completed and the battery visit cancelled.
  await page.context().clearCookies();
  await signIn(page, admin);
  await page.goto(`/admin/appointments?q=${firstName}`);
  const rows = page.getByRole('main');
  await expect(rows).toContainText('Completed');
  await expect(rows).toContainText('Cancelled');
  await expectAccessible(page);
});
