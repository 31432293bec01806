// Technician invitation links: one-time, valid 7 days, revoked by a re-invitation, stored only as
// a hash, and race-safe when two requests use one link at once. Then the routes around them:
// inviting (staff), resending (admins), the set-password page's check and accept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_TOO_SHORT } from '@pitstop/shared/auth/forms';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import {
  invitationAcceptResponseSchema,
  invitationCheckResponseSchema,
  resendInvitationResponseSchema,
  technicianResponseSchema,
} from '@pitstop/shared/technicians/responses';
import {
  auditLog,
  authSessions,
  authVerifications,
  businessProfile,
  userProfiles,
} from '../src/db/schema.ts';
import {
  consumeInvitationToken,
  hashInvitationToken,
  issueInvitationToken,
} from '../src/features/technicians/invitation-tokens.ts';
import { AppError } from '../src/lib/errors.ts';
import {
  acceptedTechnician,
  APP_URL,
  cookieFrom,
  createTestContext,
  createUser,
  expectNothingChanged,
  fingerprintTables,
  invitationTokenFor,
  inviteTechnician,
  latestEmailTo,
  onboardedTechnician,
  sendAs,
  setRole,
  signIn,
  uniqueEmail,
} from './harness.ts';
import type { TestContext, TestUser, Method } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const issuedAt = new Date('2026-03-01T12:00:00Z');

async function issue(userId: string, now = issuedAt) {
  return issueInvitationToken(ctx.database.db, { userId, appUrl: APP_URL, now });
}

async function inviteRows() {
  return ctx.database.db
    .select()
    .from(authVerifications)
    .where(like(authVerifications.identifier, 'technician-invite:%'));
}

describe('technician invitation links', () => {
  it('are absolute set-password links that expire after 7 days', async () => {
    const tech = await createUser(ctx, 'technician');
    const issued = await issue(tech.userId);
    expect(issued.link).toBe(`${APP_URL}/set-technician-password?token=${issued.token}`);
    expect(issued.expiresAt.toISOString()).toBe('2026-03-08T12:00:00.000Z');

    const justBefore = new Date(issuedAt.getTime() + 7 * DAY - 1000);
    expect(await consumeInvitationToken(ctx.database.db, issued.token, justBefore)).toEqual({
      userId: tech.userId,
    });

    const late = await issue(tech.userId);
    const error = await consumeInvitationToken(
      ctx.database.db,
      late.token,
      new Date(issuedAt.getTime() + 7 * DAY),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'GONE', message: expect.stringMatching(/expired/) });
  });

  it('work once', async () => {
    const tech = await createUser(ctx, 'technician');
    const { token } = await issue(tech.userId);
    await consumeInvitationToken(ctx.database.db, token, issuedAt);
    await expect(consumeInvitationToken(ctx.database.db, token, issuedAt)).rejects.toMatchObject({
      code: 'GONE',
    });
    await expect(
      consumeInvitationToken(ctx.database.db, 'made-up-token', issuedAt),
    ).rejects.toMatchObject({ code: 'GONE' });
  });

  it('stay valid when the transaction that used them rolls back', async () => {
    const tech = await createUser(ctx, 'technician');
    const { token } = await issue(tech.userId);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await consumeInvitationToken(tx, token, issuedAt);
        throw new Error('password refused');
      }),
    ).rejects.toThrow('password refused');
    expect(await consumeInvitationToken(ctx.database.db, token, issuedAt)).toEqual({
      userId: tech.userId,
    });
  });

  it('let exactly one of two simultaneous uses succeed', async () => {
    const tech = await createUser(ctx, 'technician');
    const { token } = await issue(tech.userId);
    const use = () =>
      ctx.database.db.transaction(async (tx) => {
        const result = await consumeInvitationToken(tx, token, issuedAt);
        await new Promise((r) => setTimeout(r, 50)); // hold the row while the other one tries
        return result;
      });
    const outcomes = await Promise.allSettled([use(), use()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ code: 'GONE' });
  });

  it('are revoked by a re-invitation, without touching other users', async () => {
    const tech = await createUser(ctx, 'technician');
    const other = await createUser(ctx, 'technician');
    const first = await issue(tech.userId);
    const others = await issue(other.userId);
    const second = await issue(tech.userId);
    expect(second.token).not.toBe(first.token);
    await expect(
      consumeInvitationToken(ctx.database.db, first.token, issuedAt),
    ).rejects.toMatchObject({ code: 'GONE' });
    expect(await consumeInvitationToken(ctx.database.db, second.token, issuedAt)).toEqual({
      userId: tech.userId,
    });
    expect(await consumeInvitationToken(ctx.database.db, others.token, issuedAt)).toEqual({
      userId: other.userId,
    });
  });

  it('store only a hash of the token', async () => {
    const tech = await createUser(ctx, 'technician');
    const { token } = await issue(tech.userId);
    const rows = (await inviteRows()).filter((r) => r.value === tech.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).toBe(`technician-invite:${hashInvitationToken(token)}`);
    expect(hashInvitationToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes
  });
});

// ---------------------------------------------------------------- the routes

function send(
  user: TestUser | undefined,
  method: Method,
  url: string,
  payload?: unknown,
  on: TestContext = ctx,
) {
  return sendAs(on, user, method, url, payload);
}

function check(token: string, on: TestContext = ctx) {
  return send(undefined, 'POST', '/api/technician-invitations/check', { token }, on);
}

function accept(token: string, password = 'chosen-1', confirmPassword = password) {
  return send(undefined, 'POST', '/api/technician-invitations/accept', {
    token,
    password,
    confirmPassword,
  });
}

async function viewerOf(cookie: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return (response.json() as { viewer: { role: string; onboardingComplete: boolean } | null })
    .viewer;
}

let admin: TestUser;
let manager: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
});

describe('POST /api/technicians/invitations', () => {
  it('lets every staff role invite: the account, a technician profile with the name, the e-mail with a link', async () => {
    for (const role of ['manager', 'admin', 'super_admin'] as const) {
      const staff = role === 'admin' ? admin : await createUser(ctx, role);
      const email = uniqueEmail(`invited-by-${role}`);
      const response = await send(staff, 'POST', '/api/technicians/invitations', {
        name: '  Tess Tech  ',
        email: `  ${email.toUpperCase()}  `,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { technician } = technicianResponseSchema.parse(response.json());
      expect(technician).toMatchObject({
        name: 'Tess Tech',
        email,
        status: 'off-duty', // until they start duty themselves
        onboardingComplete: false,
        completedJobs: 0,
        nextAppointment: null,
        rating: null,
        phone: '',
        street: '',
      });
      const [profile] = await ctx.database.db
        .select()
        .from(userProfiles)
        .where(eq(userProfiles.id, technician.id));
      expect(profile).toMatchObject({ role: 'technician', name: 'Tess Tech' });

      const mail = await latestEmailTo(ctx, email);
      expect(mail).toMatchObject({ template: 'technician-invitation' });
      expect(mail!.text).toContain(`${APP_URL}/set-technician-password?token=`);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'technician.invite'), eq(auditLog.entityId, technician.id)));
      expect(audit).toBeDefined();
    }
  });

  it('is refused to customers, technicians and the signed-out, changing nothing', async () => {
    const body = { name: 'Nope', email: uniqueEmail('nope') };
    for (const role of ['customer', 'technician'] as const) {
      const user = await createUser(ctx, role);
      await expectNothingChanged(
        ctx,
        () => send(user, 'POST', '/api/technicians/invitations', body),
        403,
      );
    }
    await expectNothingChanged(
      ctx,
      () => send(undefined, 'POST', '/api/technicians/invitations', body),
      401,
    );
  });

  it('refuses an e-mail that has an account (any case), with the message at the field', async () => {
    const existing = await createUser(ctx, 'customer');
    const response = await expectNothingChanged(
      ctx,
      () =>
        send(manager, 'POST', '/api/technicians/invitations', {
          name: 'Twin',
          email: existing.email.toUpperCase(),
        }),
      409,
    );
    expect(response.json()).toMatchObject({
      error: {
        code: 'CONFLICT',
        fields: { email: 'A user with this email already exists.' },
      },
    });
  });

  it('leaves nothing behind when the invitation cannot be queued (no half-made account)', async () => {
    const broken = await createTestContext();
    try {
      const staff = await createUser(broken, 'manager');
      // Without a business profile no e-mail can be rendered: the transaction fails.
      await broken.database.db.delete(businessProfile);
      const before = await fingerprintTables(broken);
      const email = uniqueEmail('half-made');
      const response = await send(
        staff,
        'POST',
        '/api/technicians/invitations',
        { name: 'Half Made', email },
        broken,
      );
      expect(response.statusCode).toBe(503);
      expect(await fingerprintTables(broken)).toEqual(before);
    } finally {
      await broken.close();
    }
  });

  it('refuses all but one of simultaneous invitations for one address with the same 409', async () => {
    const body = { name: 'Twice Asked', email: uniqueEmail('simultaneous') };
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => send(manager, 'POST', '/api/technicians/invitations', body)),
    );
    expect(outcomes.map((o) => o.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of outcomes.filter((o) => o.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        error: { fields: { email: 'A user with this email already exists.' } },
      });
    }
  });

  it('checks the name and e-mail in the spec words, changing nothing', async () => {
    const response = await expectNothingChanged(
      ctx,
      () => send(manager, 'POST', '/api/technicians/invitations', { name: '  ', email: 'nope' }),
      422,
    );
    expect(response.json()).toMatchObject({
      error: { fields: { name: 'Name is required', email: 'Invalid email address' } },
    });
  });
});

describe('POST /api/technicians/:id/invitation (resend)', () => {
  it('issues a new link, kills the old one, and answers the link while e-mail is not configured', async () => {
    const invited = await inviteTechnician(ctx, manager);
    const response = await send(admin, 'POST', `/api/technicians/${invited.profileId}/invitation`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = resendInvitationResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ success: true, message: 'Invitation resent successfully!' });
    const mail = await latestEmailTo(ctx, invited.email);
    expect(mail).toMatchObject({ template: 'technician-reinvitation' });
    const token = await invitationTokenFor(ctx, invited.email);
    expect(token).not.toBe(invited.token);
    expect(answer.loginLink).toBe(`${APP_URL}/set-technician-password?token=${token}`);

    expect((await check(invited.token)).json()).toMatchObject({
      error: { code: 'GONE', message: TECHNICIAN_MESSAGES.linkInvalid },
    });
    await expectNothingChanged(ctx, () => accept(invited.token), 410);
    expect((await check(token)).statusCode).toBe(200);
    expect((await accept(token)).statusCode).toBe(200);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'technician.invitation.resend'),
          eq(auditLog.entityId, invited.profileId),
        ),
      );
    expect(audit).toBeDefined();
  });

  it('accepts an empty JSON body as well as none', async () => {
    const invited = await inviteTechnician(ctx, manager);
    const response = await send(
      admin,
      'POST',
      `/api/technicians/${invited.profileId}/invitation`,
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('keeps the link out of the answer when it was e-mailed (SMTP configured)', async () => {
    const smtp = await createTestContext(
      { SMTP_URL: 'smtp://127.0.0.1:9' },
      { startSender: false },
    );
    try {
      const staff = await createUser(smtp, 'admin');
      const invited = await inviteTechnician(smtp, staff);
      const response = await send(
        staff,
        'POST',
        `/api/technicians/${invited.profileId}/invitation`,
        undefined,
        smtp,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ success: true, loginLink: null });
      expect(await latestEmailTo(smtp, invited.email)).toMatchObject({
        template: 'technician-reinvitation',
      });
    } finally {
      await smtp.close();
    }
  });

  it('is refused (409) once the technician has finished onboarding: the link would set their password', async () => {
    const technician = await onboardedTechnician(ctx, manager);
    const url = `/api/technicians/${technician.profileId}/invitation`;
    for (const staff of [admin, await createUser(ctx, 'super_admin')]) {
      const refused = await expectNothingChanged(ctx, () => send(staff, 'POST', url), 409);
      expect(refused.json()).toEqual({
        error: { code: 'CONFLICT', message: TECHNICIAN_MESSAGES.alreadyOnboarded },
      });
    }
    // The password they chose still signs them in.
    await signIn(ctx.app, technician.email, technician.password);
  });

  it('is for admins and super admins only, and for technicians only (404 otherwise), changing nothing', async () => {
    const invited = await inviteTechnician(ctx, manager);
    await expectNothingChanged(
      ctx,
      () => send(manager, 'POST', `/api/technicians/${invited.profileId}/invitation`),
      403,
    );
    const customer = await createUser(ctx, 'customer');
    const [profile] = await ctx.database.db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.userId, customer.userId));
    const response = await expectNothingChanged(
      ctx,
      () => send(admin, 'POST', `/api/technicians/${profile!.id}/invitation`),
      404,
    );
    expect(response.json()).toMatchObject({
      error: { message: TECHNICIAN_MESSAGES.technicianNotFound },
    });
    await expectNothingChanged(
      ctx,
      () => send(admin, 'POST', `/api/technicians/00000000-0000-4000-8000-000000000000/invitation`),
      404,
    );
    // A super admin may resend.
    const superAdmin = await createUser(ctx, 'super_admin');
    expect(
      (await send(superAdmin, 'POST', `/api/technicians/${invited.profileId}/invitation`))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /api/technician-invitations/check', () => {
  it('says whose link it is without using it up', async () => {
    const invited = await inviteTechnician(ctx, manager, { name: 'Checked Tech' });
    for (let i = 0; i < 2; i += 1) {
      const response = await check(invited.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(invitationCheckResponseSchema.parse(response.json())).toEqual({
        email: invited.email,
        name: 'Checked Tech',
      });
    }
    expect((await accept(invited.token)).statusCode).toBe(200);
  });

  it('answers 410 in the spec words for a forged, used or expired link', async () => {
    const forged = await check('a'.repeat(43));
    expect(forged.statusCode).toBe(410);
    expect(forged.json()).toMatchObject({
      error: { code: 'GONE', message: TECHNICIAN_MESSAGES.linkInvalid },
    });

    const invited = await inviteTechnician(ctx, manager);
    await accept(invited.token);
    expect((await check(invited.token)).json()).toMatchObject({
      error: { code: 'GONE', message: TECHNICIAN_MESSAGES.linkInvalid },
    });

    const tech = await inviteTechnician(ctx, manager);
    const old = await issueInvitationToken(ctx.database.db, {
      userId: tech.userId,
      appUrl: APP_URL,
      now: new Date(Date.now() - 8 * DAY),
    });
    const expired = await check(old.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      error: { code: 'GONE', message: TECHNICIAN_MESSAGES.linkExpired },
    });
  });

  it('refuses a token that is not one (422) and a link of an account no longer a technician (410)', async () => {
    expect((await check('short')).statusCode).toBe(422);
    const invited = await inviteTechnician(ctx, manager);
    await setRole(ctx, invited.userId, 'customer');
    expect((await check(invited.token)).json()).toMatchObject({
      error: { code: 'GONE', message: TECHNICIAN_MESSAGES.notTechnician },
    });
    await expectNothingChanged(ctx, () => accept(invited.token), 410);
  });
});

describe('POST /api/technician-invitations/accept', () => {
  it('sets the password and signs the technician in: the cookie works on /api/me', async () => {
    const invited = await inviteTechnician(ctx, manager);
    const response = await accept(invited.token, 'my-new-pass');
    expect(response.statusCode, response.body).toBe(200);
    expect(invitationAcceptResponseSchema.parse(response.json())).toEqual({
      onboardingComplete: false,
    });
    const cookie = cookieFrom(response.headers['set-cookie']);
    expect(cookie).toContain('pitstop.session_token');
    expect(await viewerOf(cookie)).toMatchObject({
      role: 'technician',
      onboardingComplete: false,
    });
    // The password is the one chosen: a fresh sign-in works with it.
    expect(await signIn(ctx.app, invited.email, 'my-new-pass')).toContain('pitstop.session_token');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'technician.password.set'),
          eq(auditLog.entityId, invited.profileId),
        ),
      );
    expect(audit).toMatchObject({ actorUserId: invited.userId });
  });

  it('works once: a second use is 410 and changes nothing', async () => {
    const invited = await inviteTechnician(ctx, manager);
    expect((await accept(invited.token, 'first-pass')).statusCode).toBe(200);
    const again = await expectNothingChanged(ctx, () => accept(invited.token, 'second-pass'), 410);
    expect(again.json()).toMatchObject({
      error: { code: 'GONE', message: TECHNICIAN_MESSAGES.linkInvalid },
    });
    await expect(signIn(ctx.app, invited.email, 'second-pass')).rejects.toThrow(/401/);
  });

  it('refuses a forged or expired link with 410 and changes nothing', async () => {
    await expectNothingChanged(ctx, () => accept('b'.repeat(43)), 410);
    const tech = await inviteTechnician(ctx, manager);
    const old = await issueInvitationToken(ctx.database.db, {
      userId: tech.userId,
      appUrl: APP_URL,
      now: new Date(Date.now() - 8 * DAY),
    });
    const expired = await expectNothingChanged(ctx, () => accept(old.token), 410);
    expect(expired.json()).toMatchObject({
      error: { message: TECHNICIAN_MESSAGES.linkExpired },
    });
  });

  it('checks the password in the spec words and keeps the link working', async () => {
    const invited = await inviteTechnician(ctx, manager);
    const short = await expectNothingChanged(ctx, () => accept(invited.token, 'abc'), 422);
    expect(short.json()).toMatchObject({
      error: { fields: { password: PASSWORD_TOO_SHORT } },
    });
    const mismatch = await expectNothingChanged(
      ctx,
      () => accept(invited.token, 'abcdef', 'abcdeg'),
      422,
    );
    expect(mismatch.json()).toMatchObject({
      error: { fields: { confirmPassword: PASSWORDS_DO_NOT_MATCH } },
    });
    expect((await accept(invited.token)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of one link win', async () => {
    const invited = await inviteTechnician(ctx, manager);
    const outcomes = await Promise.all([
      accept(invited.token, 'racer-one'),
      accept(invited.token, 'racer-two'),
    ]);
    expect(outcomes.map((o) => o.statusCode).sort()).toEqual([200, 410]);
    const winner = outcomes.find((o) => o.statusCode === 200)!;
    const winning = outcomes.indexOf(winner) === 0 ? 'racer-one' : 'racer-two';
    const losing = winning === 'racer-one' ? 'racer-two' : 'racer-one';
    expect(await signIn(ctx.app, invited.email, winning)).toContain('pitstop.session_token');
    await expect(signIn(ctx.app, invited.email, losing)).rejects.toThrow(/401/);
  });

  it("ends the account's other sessions and its password-reset links", async () => {
    const tech = await acceptedTechnician(ctx, manager, { password: 'session-one' });
    const asked = await send(undefined, 'POST', '/api/auth/request-password-reset', {
      email: tech.email,
      redirectTo: `${APP_URL}/reset-password`,
    });
    expect(asked.statusCode).toBe(200);
    const resetLinks = () =>
      ctx.database.db
        .select()
        .from(authVerifications)
        .where(
          and(
            like(authVerifications.identifier, 'reset-password:%'),
            eq(authVerifications.value, tech.userId),
          ),
        );
    expect(await resetLinks()).toHaveLength(1);

    const resent = await send(admin, 'POST', `/api/technicians/${tech.profileId}/invitation`);
    const token = new URL(resent.json().loginLink as string).searchParams.get('token')!;
    const response = await accept(token, 'session-two');
    expect(response.statusCode).toBe(200);
    expect(await viewerOf(tech.cookie)).toBeNull();
    expect(await viewerOf(cookieFrom(response.headers['set-cookie']))).toMatchObject({
      role: 'technician',
    });
    expect(await resetLinks()).toEqual([]);
    const sessions = await ctx.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, tech.userId));
    expect(sessions).toHaveLength(1);
  });

  it('a password reset kills an invitation link still outstanding', async () => {
    const invited = await inviteTechnician(ctx, manager);
    expect((await check(invited.token)).statusCode).toBe(200);
    const asked = await send(undefined, 'POST', '/api/auth/request-password-reset', {
      email: invited.email,
      redirectTo: `${APP_URL}/reset-password`,
    });
    expect(asked.statusCode).toBe(200);
    const [link] = await ctx.database.db
      .select()
      .from(authVerifications)
      .where(
        and(
          like(authVerifications.identifier, 'reset-password:%'),
          eq(authVerifications.value, invited.userId),
        ),
      );
    const resetToken = link!.identifier.slice('reset-password:'.length);
    const reset = await send(undefined, 'POST', '/api/auth/reset-password', {
      newPassword: 'chosen-by-reset',
      token: resetToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await check(invited.token)).statusCode).toBe(410);
    expect((await accept(invited.token)).statusCode).toBe(410);
  });

  it('creates the password login when the account has none', async () => {
    const invited = await inviteTechnician(ctx, manager);
    // An account made without a password login (say, by another sign-in method).
    await ctx.database.db.execute(sql`delete from auth_account where user_id = ${invited.userId}`);
    expect((await accept(invited.token, 'fresh-login')).statusCode).toBe(200);
    expect(await signIn(ctx.app, invited.email, 'fresh-login')).toContain('pitstop.session_token');
  });
});

describe('the set-password link is rate limited per address', () => {
  it('answers 429 after the configured number of tries in a minute', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await check('c'.repeat(43), limited)).statusCode);
      expect(statuses).toEqual([410, 410, 410, 429]);
    } finally {
      await limited.close();
    }
  });
});
