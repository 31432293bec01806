// Maintenance reminders switched off and on, on a phone (390 px): the customer's My Garage switch,
// saved at once, and the reminder e-mail's one-click stop link, opened signed out, which asks
// first and then stops them; My Garage then shows them off. Every page is scanned by axe.
//
// The link is signed with the server's session secret, so the spec runs on a server of its own
// started with a secret it knows, and signs the link as the server does
// (apps/server/src/features/vehicles/reminder-opt-out.ts).
import { createHmac, randomBytes } from 'node:crypto';
import { REMINDER_WORDS } from '@pitstop/shared/vehicles/reminder-words';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { SUPER_ADMIN } from '../fixtures/accounts.ts';
import { test as base } from '../fixtures/empty-server.ts';
import { expect } from '../fixtures/test.ts';
import { PHONE } from '../fixtures/viewports.ts';
import { startServer } from '../support/server.mjs';

const SESSION_SECRET = randomBytes(32).toString('base64url');

const test = base.extend<{ superAdmin: void }>({
  server: [
    async ({}, use) => {
      const server = await startServer({ name: 'reminder-opt-out', env: { SESSION_SECRET } });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'test', timeout: 120_000 },
  ],
  superAdmin: [
    async ({ request, server }, use) => {
      const response = await request.post('/api/setup', {
        data: { ...SUPER_ADMIN, confirmPassword: SUPER_ADMIN.password },
        headers: { origin: server.url },
      });
      expect(response.status(), await response.text()).toBe(201);
      await use();
    },
    { auto: true },
  ],
});

test.use({ viewport: PHONE });

function stopPath(vehicleId: string): string {
  const signature = createHmac('sha256', SESSION_SECRET)
    .update(`maintenance-reminders-stop:${vehicleId}`)
    .digest('base64url');
  return `/reminders/stop/${vehicleId}/${signature}`;
}

test('reminders switch off and on in My Garage, and the e-mail link stops them signed out', async ({
  api,
  browser,
  page,
  server,
  signIn,
}) => {
  test.setTimeout(180_000);
  const customer = await api.createUser('customer', { name: 'Robin Reminder' });
  const added = await (
    await api.requestAs(customer)
  ).post('/api/vehicles', {
    data: { make: 'Toyota', model: 'Camry', year: 2019, color: 'Gray', licensePlate: 'RO 1' },
  });
  expect(added.ok(), `POST /api/vehicles: ${added.status()}`).toBe(true);
  const { vehicle } = (await added.json()) as { vehicle: { id: string } };

  await signIn(page, customer);
  await page.goto('/profile');
  const toggle = page.getByRole('switch', {
    name: `${REMINDER_WORDS.switchLabel}: 2019 Toyota Camry (RO 1)`,
  });
  await expect(toggle).toBeChecked();
  await expectAccessible(page);

  // By keyboard: off, then on again, each saved at once (the page read again agrees).
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.press('Space');
  await expect(toggle).toBeChecked();
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');

  // The e-mail's link, followed in a browser nobody is signed in to.
  const signedOut = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  const linkPage = await signedOut.newPage();
  await linkPage.goto(stopPath(vehicle.id));
  await expect(linkPage.getByRole('heading', { name: REMINDER_WORDS.stopHeading })).toBeVisible();
  await expectAccessible(linkPage);
  await linkPage.getByRole('button', { name: REMINDER_WORDS.stop }).click();
  await expect(linkPage.getByRole('status')).toHaveText(REMINDER_WORDS.stopped);
  await expectAccessible(linkPage);

  // A link whose signature is not the vehicle's says so.
  await linkPage.goto(`/reminders/stop/${vehicle.id}/${'A'.repeat(43)}`);
  await linkPage.getByRole('button', { name: REMINDER_WORDS.stop }).click();
  await expect(linkPage.getByRole('alert')).toHaveText(REMINDER_WORDS.linkInvalid);
  await expectAccessible(linkPage);
  await signedOut.close();

  await page.reload();
  await expect(toggle).not.toBeChecked();
  await expectAccessible(page);
});
