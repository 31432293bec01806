// Two-factor authentication for staff: turned on from /profile with a code from the
// authenticator app (computed here from the key the page shows), then asked for by the admin
// portal after the password; and the super admin's requirement, which sends a manager without
// it to set it up first. The requirement changes every staff sign-in, so it runs on a server of
// its own.
import type { APIRequestContext, Page } from '@playwright/test';
import { SUPER_ADMIN } from '../fixtures/accounts.ts';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { testOnOwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';
import { secretOf, totpCode } from '../../apps/server/test/totp.ts';

async function signOut(page: Page) {
  const response = await page.request.post('/api/auth/sign-out', {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

/** Turns the second factor on from the profile page; returns its key and recovery codes. */
async function turnOnFromProfile(page: Page, password: string) {
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await section.getByLabel('Password', { exact: true }).fill(password);
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  await expectAccessible(page);
  const key = (await section.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
  await section.getByLabel('Authentication code').fill(totpCode(key));
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);
  const recoveryCodes = await codes.getByRole('listitem').allInnerTexts();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('Two-factor authentication is on.')).toBeVisible();
  return { key, recoveryCodes };
}

test('an admin turns on two-factor authentication and the admin portal asks for the code', async ({
  api,
  page,
  signInThroughUi,
}) => {
  // Four screens, each scanned by axe, and three sign-ins.
  test.setTimeout(180_000);
  const admin = await api.createUser('admin');
  await signInThroughUi(page, admin, { path: '/admin-portal' });
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/profile');
  await expectAccessible(page);
  const { key, recoveryCodes } = await turnOnFromProfile(page, admin.password);
  await signOut(page);

  await page.goto('/admin-portal');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expectAccessible(page);
  // The password alone opened no session.
  expect(await (await page.request.get('/api/me')).json()).toEqual({ viewer: null });

  await code.fill(totpCode(key) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid code');
  await code.fill(totpCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectAccessible(page);

  // A recovery code signs in once, at any login screen.
  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  const me = (await (await page.request.get('/api/me')).json()) as { viewer: { email: string } };
  expect(me.viewer.email).toBe(admin.email);
});

/** Turns the second factor on for the API context's account, as the profile page does. */
async function turnOnThroughApi(context: APIRequestContext, password: string) {
  const enabled = await context.post('/api/auth/two-factor/enable', { data: { password } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const verified = await context.post('/api/auth/two-factor/verify-totp', {
    data: { code: totpCode(secretOf(totpURI)) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

testOnOwnServer(
  'with the requirement on, a manager without a second factor is sent to set it up',
  async ({ api, page, signInThroughUi }) => {
    testOnOwnServer.setTimeout(180_000);
    const manager = await api.createUser('manager');
    const owner = await api.asSuperAdmin();
    const early = await owner.put('/api/business/staff-two-factor', {
      data: { requireStaffTwoFactor: true },
    });
    expect(early.status()).toBe(409);
    await turnOnThroughApi(owner, SUPER_ADMIN.password);
    const saved = await owner.put('/api/business/staff-two-factor', {
      data: { requireStaffTwoFactor: true },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await signInThroughUi(page, manager, { path: '/admin-portal' });
    await expect(page).toHaveURL(/\/profile#two-factor$/);
    await expect(
      page.getByText('The business requires two-factor authentication for staff accounts.', {
        exact: false,
      }),
    ).toBeVisible();
    await expectAccessible(page);
    // Staff pages wait, and so does their data.
    await page.goto('/admin/appointments');
    await expect(page).toHaveURL(/\/profile#two-factor$/);
    const refused = await page.request.get('/api/appointments/search');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'SECOND_FACTOR_REQUIRED',
    );

    await turnOnFromProfile(page, manager.password);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await expectAccessible(page);
  },
);
