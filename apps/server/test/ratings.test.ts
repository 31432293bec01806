// A visit's rating: asked for once when its last job is completed (one e-mail with a one-time
// link, never a second request), answered once through the link without signing in, averaged on
// the technician's card, read with its comment by staff only, and a low one followed up.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_MESSAGES } from '@pitstop/shared/ratings/words';
import {
  lowRatingsResponseSchema,
  ratingVisitResponseSchema,
  technicianRatingsResponseSchema,
} from '@pitstop/shared/ratings/responses';
import { technicianListResponseSchema } from '@pitstop/shared/technicians/responses';
import { appointments, auditLog, emailOutbox, visitRatings } from '../src/db/schema.ts';
import {
  APP_URL,
  bookAndPay,
  businessToday,
  createTestContext,
  createUser,
  futureWeekday,
  onboardedTechnician,
  sendAs,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let technician: SignedInTechnician;
let visitCount = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
  technician = await onboardedTechnician(ctx, admin);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

interface BookedVisit {
  bookingId: string;
  email: string;
  jobs: string[];
}

/** A paid two-service visit, its jobs given to the technician. */
async function bookedVisit(): Promise<BookedVisit> {
  visitCount += 1;
  const email = `rated.customer${visitCount}@example.com`;
  const bookingId = await bookAndPay(ctx, customer, {
    services: ['basic-oil-change', 'battery-service'],
    date: futureWeekday(20 + visitCount),
    time: '09:00',
    email,
  });
  const rows = await ctx.database.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(appointments.startsAt);
  for (const row of rows) {
    const assigned = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row.id}/technician`, {
      technicianId: technician.profileId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  return { bookingId, email, jobs: rows.map((row) => row.id) };
}

async function setStatus(id: string, status: string) {
  const response = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${id}/status`, { status });
  expect(response.statusCode, response.body).toBe(200);
}

async function ratingEmails(email: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'rating-request')));
}

/** A completed visit and the token of its rating link. */
async function completedVisit(): Promise<BookedVisit & { token: string }> {
  const visit = await bookedVisit();
  for (const id of visit.jobs) await setStatus(id, 'completed');
  const [mail] = await ratingEmails(visit.email);
  const token = new RegExp(`${APP_URL}/rate/([\\w-]+)`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no rating link');
  return { ...visit, token };
}

function rate(token: string, body: unknown) {
  return sendAs(ctx, undefined, 'POST', `/api/ratings/${token}`, body);
}

describe('the rating request', () => {
  it('is one e-mail with a one-time link once every job of the visit is completed', async () => {
    const visit = await bookedVisit();
    await setStatus(visit.jobs[0]!, 'completed');
    expect(await ratingEmails(visit.email)).toHaveLength(0);
    await setStatus(visit.jobs[1]!, 'completed');
    const mails = await ratingEmails(visit.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('How did we do?');
    expect(mail.text).toMatch(new RegExp(`${APP_URL}/rate/[\\w-]{43}`));
    expect(mail.text).toContain('Basic Oil Change');
    const token = new RegExp(`/rate/([\\w-]+)`).exec(mail.text)![1]!;
    const [row] = await ctx.database.db
      .select()
      .from(visitRatings)
      .where(eq(visitRatings.bookingId, visit.bookingId));
    expect(row).toMatchObject({ technicianId: technician.userId, stars: null, ratedAt: null });
    // Only the token's hash is kept.
    expect(row!.tokenHash).not.toContain(token);
  });

  it('is not made again when the visit is reopened and completed again', async () => {
    const visit = await completedVisit();
    await setStatus(visit.jobs[1]!, 'in-progress');
    await setStatus(visit.jobs[1]!, 'completed');
    expect(await ratingEmails(visit.email)).toHaveLength(1);
  });

  it('is made when the technician completes the visit’s last job of the day', async () => {
    const visit = await bookedVisit();
    await ctx.database.db
      .update(appointments)
      .set({ appointmentDate: businessToday() })
      .where(eq(appointments.bookingId, visit.bookingId));
    for (const id of visit.jobs) {
      for (const status of ['in-progress', 'completed']) {
        const response = await sendAs(
          ctx,
          technician,
          'PATCH',
          `/api/technician/jobs/${id}/status`,
          {
            status,
          },
        );
        expect(response.statusCode, response.body).toBe(200);
      }
      expect(await ratingEmails(visit.email)).toHaveLength(id === visit.jobs[1] ? 1 : 0);
    }
    expect((await ratingEmails(visit.email))[0]!.text).toMatch(/\/rate\/[\w-]{43}/);
  });

  it('is made when the last job left is cancelled and the others are completed', async () => {
    const visit = await bookedVisit();
    await setStatus(visit.jobs[0]!, 'completed');
    await setStatus(visit.jobs[1]!, 'cancelled');
    expect(await ratingEmails(visit.email)).toHaveLength(1);
  });
});

describe('the rating link', () => {
  it('shows the visit without the customer’s contact, and rates it once', async () => {
    const visit = await completedVisit();
    const shown = await sendAs(ctx, undefined, 'GET', `/api/ratings/${visit.token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const { visit: seen } = ratingVisitResponseSchema.parse(shown.json());
    expect(seen).toMatchObject({ isRated: false, services: expect.any(Array) });
    expect(seen.services.length).toBe(2);
    expect(shown.body).not.toContain(visit.email);
    expect(shown.body).not.toContain('Analytical Way');
    expect(shown.body).not.toContain('555');

    const first = await rate(visit.token, { stars: 5, comment: '  Great work  ' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await rate(visit.token, { stars: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: { code: 'CONFLICT', message: RATING_MESSAGES.alreadyRated },
    });
    const [row] = await ctx.database.db
      .select()
      .from(visitRatings)
      .where(eq(visitRatings.bookingId, visit.bookingId));
    expect(row).toMatchObject({ stars: 5, comment: 'Great work' });
    const again = await sendAs(ctx, undefined, 'GET', `/api/ratings/${visit.token}`);
    expect(ratingVisitResponseSchema.parse(again.json()).visit.isRated).toBe(true);
  });

  it('is 404 for a token nobody was sent', async () => {
    const token = 'A'.repeat(43);
    for (const response of [
      await sendAs(ctx, undefined, 'GET', `/api/ratings/${token}`),
      await rate(token, { stars: 4 }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: { code: 'NOT_FOUND', message: RATING_MESSAGES.linkInvalid },
      });
    }
  });

  it('refuses stars other than 1 to 5 and a long comment with the form’s messages', async () => {
    const visit = await completedVisit();
    for (const stars of [0, 6, 2.5, '5', null]) {
      const response = await rate(visit.token, { stars });
      expect(response.statusCode, String(stars)).toBe(422);
      expect(response.json()).toMatchObject({
        error: { fields: { stars: RATING_MESSAGES.starsRequired } },
      });
    }
    const long = await rate(visit.token, { stars: 3, comment: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({
      error: { fields: { comment: RATING_MESSAGES.commentTooLong } },
    });
    // Nothing was recorded: the link still rates.
    expect((await rate(visit.token, { stars: 3 })).statusCode).toBe(200);
  });
});

describe('the technician’s ratings', () => {
  it('are averaged on the card and read with comments by staff only', async () => {
    const before = technicianRatingsResponseSchema.parse(
      (await sendAs(ctx, admin, 'GET', `/api/technicians/${technician.profileId}/ratings`)).json(),
    );
    const rated: number[] = before.ratings.map((rating) => rating.stars);
    for (const [stars, comment] of [
      [4, 'On time and friendly'],
      [2, 'Left a mess'],
    ] as const) {
      const visit = await completedVisit();
      ctx.clock.advance(60_000);
      expect((await rate(visit.token, { stars, comment })).statusCode).toBe(200);
      rated.push(stars);
    }
    const average = Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10;

    const list = technicianListResponseSchema.parse(
      (await sendAs(ctx, admin, 'GET', '/api/technicians')).json(),
    );
    const card = list.technicians.find((t) => t.id === technician.profileId)!;
    expect(card).toMatchObject({ rating: average, ratingCount: rated.length });

    const read = await sendAs(
      ctx,
      admin,
      'GET',
      `/api/technicians/${technician.profileId}/ratings`,
    );
    expect(read.statusCode).toBe(200);
    const ratings = technicianRatingsResponseSchema.parse(read.json());
    expect(ratings).toMatchObject({ average, count: rated.length });
    expect(ratings.ratings[0]).toMatchObject({ stars: 2, comment: 'Left a mess' });
    expect(ratings.ratings[1]).toMatchObject({ stars: 4, comment: 'On time and friendly' });

    for (const user of [customer, technician, undefined]) {
      const refused = await sendAs(
        ctx,
        user,
        'GET',
        `/api/technicians/${technician.profileId}/ratings`,
      );
      expect(refused.statusCode).toBe(user ? 403 : 401);
      expect(refused.body).not.toContain('Left a mess');
    }
  });
});

describe('a low rating', () => {
  it('is listed on the dashboard until staff mark it followed up', async () => {
    const visit = await completedVisit();
    expect((await rate(visit.token, { stars: 1, comment: 'Never came back' })).statusCode).toBe(
      200,
    );
    const listed = lowRatingsResponseSchema.parse(
      (await sendAs(ctx, admin, 'GET', '/api/ratings/low')).json(),
    );
    expect(listed.ratings.find((r) => r.bookingId === visit.bookingId)).toMatchObject({
      stars: 1,
      comment: 'Never came back',
      email: visit.email,
      customerName: 'Ada Lovelace',
    });

    for (const user of [customer, technician]) {
      expect((await sendAs(ctx, user, 'GET', '/api/ratings/low')).statusCode).toBe(403);
      const refused = await sendAs(ctx, user, 'POST', `/api/ratings/${visit.bookingId}/follow-up`);
      expect(refused.statusCode).toBe(403);
    }

    const done = await sendAs(ctx, admin, 'POST', `/api/ratings/${visit.bookingId}/follow-up`);
    expect(done.statusCode, done.body).toBe(204);
    const after = lowRatingsResponseSchema.parse(
      (await sendAs(ctx, admin, 'GET', '/api/ratings/low')).json(),
    );
    expect(after.ratings.map((r) => r.bookingId)).not.toContain(visit.bookingId);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'rating.followed-up'), eq(auditLog.entityId, visit.bookingId)),
      );
    expect(audit).toHaveLength(1);
    // Once more changes nothing; a visit without a low rating is not found.
    expect(
      (await sendAs(ctx, admin, 'POST', `/api/ratings/${visit.bookingId}/follow-up`)).statusCode,
    ).toBe(204);
    const good = await completedVisit();
    expect((await rate(good.token, { stars: 5 })).statusCode).toBe(200);
    expect(
      (await sendAs(ctx, admin, 'POST', `/api/ratings/${good.bookingId}/follow-up`)).statusCode,
    ).toBe(404);
  });
});
