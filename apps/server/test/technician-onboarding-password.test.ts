// Onboarding's password step against the real API: the read that starts the wizard says whether
// the technician already chose a password through the invitation's link, and onboarding may keep
// that password (nothing about the login changes) or set a new one. Keeping is refused while
// there is no chosen password to keep (one an admin typed, or the invitation's unguessable one).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { onboardingResponseSchema } from '@pitstop/shared/technicians/responses';
import { auditLog, authAccounts, authSessions, userProfiles } from '../src/db/schema.ts';
import {
  APP_URL,
  acceptedTechnician,
  createTestContext,
  createUser,
  expectNothingChanged,
  latestEmailTo,
  onboardingBody,
  sendAs,
  signIn,
} from './harness.ts';
import type { Method, TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
});
afterAll(async () => {
  await ctx?.close();
});

function send(user: TestUser | undefined, method: Method, url: string, payload?: unknown) {
  return sendAs(ctx, user, method, url, payload);
}

async function onboardingStart(user: TestUser) {
  const response = await send(user, 'GET', '/api/technician/onboarding');
  expect(response.statusCode, response.body).toBe(200);
  return onboardingResponseSchema.parse(response.json());
}

async function profileOf(userId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row!;
}

async function credentialOf(userId: string) {
  const [row] = await ctx.database.db
    .select({ password: authAccounts.password, updatedAt: authAccounts.updatedAt })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
  return row!;
}

const KEEP = { keepPassword: true, password: '', confirmPassword: '' };

describe('GET /api/technician/onboarding', () => {
  it('reports the password chosen through the invitation link, with the profile to start from', async () => {
    const tech = await acceptedTechnician(ctx, admin, { name: 'Link User' });
    const start = await onboardingStart(tech);
    expect(start.passwordSet).toBe(true);
    expect(start.profile).toMatchObject({
      name: 'Link User',
      email: tech.email,
      role: 'technician',
      onboardingComplete: false,
    });
    expect((await profileOf(tech.userId)).passwordSetAt).toBeInstanceOf(Date);
  });

  it('reports no chosen password for a technician whose password an admin typed', async () => {
    const tech = await createUser(ctx, 'technician');
    expect((await onboardingStart(tech)).passwordSet).toBe(false);
  });

  it('reports a password the technician chose through "Forgot password?" as set', async () => {
    const tech = await createUser(ctx, 'technician');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: APP_URL },
      payload: { email: tech.email, redirectTo: `${APP_URL}/reset-password` },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await latestEmailTo(ctx, tech.email);
    const link = /https?:\/\/\S+reset-password\/\S+/.exec(mail!.text)![0];
    const follow = await ctx.app.inject({ method: 'GET', url: link.replace(APP_URL, '') });
    const token = new URL(follow.headers.location as string).searchParams.get('token');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: APP_URL },
      payload: { token, newPassword: 'chosen-by-reset' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = { ...tech, cookie: await signIn(ctx.app, tech.email, 'chosen-by-reset') };
    expect((await onboardingStart(signedIn)).passwordSet).toBe(true);
  });

  it('is for technicians only', async () => {
    const customer = await createUser(ctx, 'customer');
    expect((await send(customer, 'GET', '/api/technician/onboarding')).statusCode).toBe(403);
    expect((await send(undefined, 'GET', '/api/technician/onboarding')).statusCode).toBe(401);
  });
});

describe('PUT /api/technician/onboarding with keepPassword', () => {
  it('completes onboarding and leaves the password, its sessions and its time untouched', async () => {
    const tech = await acceptedTechnician(ctx, admin, { password: 'from-the-link' });
    const otherSession = await signIn(ctx.app, tech.email, 'from-the-link');
    const credentialBefore = await credentialOf(tech.userId);
    const setAtBefore = (await profileOf(tech.userId)).passwordSetAt;

    const response = await send(tech, 'PUT', '/api/technician/onboarding', onboardingBody(KEEP));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ onboardingComplete: true });

    expect(await credentialOf(tech.userId)).toEqual(credentialBefore);
    const profile = await profileOf(tech.userId);
    expect(profile.onboardingComplete).toBe(true);
    expect(profile.passwordSetAt).toEqual(setAtBefore);
    // The password from the link still signs in, and no session was ended.
    expect(await signIn(ctx.app, tech.email, 'from-the-link')).toContain('session_token');
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: otherSession },
    });
    expect(other.json().viewer).toMatchObject({ email: tech.email });
    const sessions = await ctx.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, tech.userId));
    expect(sessions).toHaveLength(3);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'technician.onboarding'), eq(auditLog.entityId, tech.profileId)),
      );
    expect(audit?.details).toMatchObject({ passwordKept: true });
  });

  it('ignores what the password fields hold when keeping', async () => {
    const tech = await acceptedTechnician(ctx, admin, { password: 'from-the-link' });
    const response = await send(
      tech,
      'PUT',
      '/api/technician/onboarding',
      onboardingBody({ keepPassword: true, password: 'x', confirmPassword: 'y' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await signIn(ctx.app, tech.email, 'from-the-link')).toContain('session_token');
  });

  it('is refused while no password was chosen to keep, changing nothing', async () => {
    const tech = await createUser(ctx, 'technician');
    const response = await expectNothingChanged(
      ctx,
      () => send(tech, 'PUT', '/api/technician/onboarding', onboardingBody(KEEP)),
      422,
    );
    expect(response.json().error.fields).toEqual({
      password: TECHNICIAN_MESSAGES.noPasswordToKeep,
    });
  });

  it('sets a new password instead when keepPassword is false or left out, and records when', async () => {
    const tech = await createUser(ctx, 'technician');
    const response = await send(
      tech,
      'PUT',
      '/api/technician/onboarding',
      onboardingBody({ keepPassword: false, password: 'my-own-1', confirmPassword: 'my-own-1' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await signIn(ctx.app, tech.email, 'my-own-1')).toContain('session_token');
    expect((await profileOf(tech.userId)).passwordSetAt).toBeInstanceOf(Date);
  });

  it('checks a new password as before when not keeping', async () => {
    const tech = await acceptedTechnician(ctx, admin);
    const response = await expectNothingChanged(
      ctx,
      () =>
        send(
          tech,
          'PUT',
          '/api/technician/onboarding',
          onboardingBody({ keepPassword: false, password: '', confirmPassword: '' }),
        ),
      422,
    );
    expect(response.json().error.fields?.password).toBe('Password is required');
  });
});
