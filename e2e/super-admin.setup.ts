// Runs once per server before the `app` project: creates the suite's super admin through
// first-admin setup. On a server that already has it (a re-run against a kept server), checks
// that its credentials work instead.
import { expect, test as setup } from '@playwright/test';
import { SUPER_ADMIN, originOf } from './fixtures/accounts.ts';

setup('create the super admin', async ({ playwright, baseURL }) => {
  const origin = originOf(baseURL);
  const request = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { origin },
  });
  try {
    const setupResponse = await request.post('/api/setup', {
      data: { ...SUPER_ADMIN, confirmPassword: SUPER_ADMIN.password },
    });
    if (setupResponse.status() === 201) return;
    expect(
      setupResponse.status(),
      `POST /api/setup answered ${setupResponse.status()}: ${await setupResponse.text()}`,
    ).toBe(409);

    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
    });
    expect(
      signIn.ok(),
      `This server was set up by someone else and ${SUPER_ADMIN.email} cannot sign in ` +
        '(HTTP ' +
        signIn.status() +
        '). Use a fresh server (npm run test:e2e), or set ' +
        'PITSTOP_E2E_ADMIN_EMAIL and PITSTOP_E2E_ADMIN_PASSWORD to its super admin.',
    ).toBe(true);
    const me = (await (await request.get('/api/me')).json()) as { viewer: { role: string } | null };
    expect(me.viewer?.role, `${SUPER_ADMIN.email} is not a super admin`).toBe('super_admin');
  } finally {
    await request.dispose();
  }
});
