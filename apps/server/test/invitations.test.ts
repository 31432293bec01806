// Technician invitation links: one-time, valid 7 days, revoked by a re-invitation, stored only as
// a hash, and race-safe when two requests use one link at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { authVerifications } from '../src/db/schema.ts';
import {
  consumeInvitationToken,
  hashInvitationToken,
  issueInvitationToken,
} from '../src/features/technicians/invitation-tokens.ts';
import { AppError } from '../src/lib/errors.ts';
import { APP_URL, createTestContext, createUser } from './harness.ts';
import type { TestContext } from './harness.ts';

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
