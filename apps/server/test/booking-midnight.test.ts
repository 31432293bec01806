// Capacity across midnight: a visit that runs past midnight takes the locks of both dates it
// touches, so it and a booking early the next day never both take the last seat. The waiting
// tests need a PostgreSQL server (on PGlite every transaction runs alone: there is no race).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { WEEKDAYS } from '@pitstop/shared/business/hours';
import { bookings, businessHours, businessProfile } from '../src/db/schema.ts';
import { placeAgain } from '../src/features/visits/locks.ts';
import { lockBookingDates } from '../src/features/visits/booking-rows.ts';
import {
  bookingBody,
  createTestContext,
  createUser,
  futureWeekday,
  postBooking,
} from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;
const onPostgres = Boolean(process.env.DATABASE_URL);

// Three services, at most 45 + 45 + 60 minutes: from 23:00 the visit runs to 01:30 at the latest
// and past 00:30 at the least.
const LONG_VISIT = ['basic-oil-change', 'synthetic-oil-change', 'high-mileage'];

beforeAll(async () => {
  ctx = await createTestContext();
  // Open late every day (the last slot is 23:00) and from midnight, one visit at a time.
  for (const weekday of WEEKDAYS) {
    await ctx.database.db
      .update(businessHours)
      .set({ isOpen: true, openTime: '00:00', closeTime: '23:30' })
      .where(eq(businessHours.weekday, weekday));
  }
  await ctx.database.db.update(businessProfile).set({ capacity: 1 });
});
afterAll(async () => {
  await ctx?.close();
});

let dayOffset = 20;
/** A date whose next day is free too. */
const freshNight = () => futureWeekday((dayOffset += 2));

async function customer() {
  return createUser(ctx, 'customer');
}

describe('a visit running past midnight', () => {
  it('is refused where it would overlap a visit early the next day, and the other way round', async () => {
    const night = freshNight();
    const late = await postBooking(
      ctx,
      await customer(),
      bookingBody({ date: night, time: '23:00', services: LONG_VISIT }),
    );
    expect(late.statusCode, late.body).toBe(201);
    const early = await postBooking(
      ctx,
      await customer(),
      bookingBody({ date: addCalendarDays(night, 1), time: '00:00' }),
    );
    expect(early.statusCode).toBe(409);
  });

  it.runIf(onPostgres)('waits for the next day’s lock before it checks its room', async () => {
    const night = freshNight();
    const nextDay = addCalendarDays(night, 1);
    const user = await customer();
    let answered = false;
    let pending: Promise<unknown> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      // Another booking of the next day is deciding: it holds that date's lock.
      await lockBookingDates(tx, [nextDay]);
      pending = postBooking(
        ctx,
        user,
        bookingBody({ date: night, time: '23:00', services: LONG_VISIT }),
      ).then((answer) => {
        answered = true;
        return answer;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
    });
    const answer = (await pending) as { statusCode: number };
    expect(answer.statusCode).toBe(201);
  });

  it.runIf(onPostgres)(
    'is checked for room after payment under the next day’s lock too',
    async () => {
      const night = freshNight();
      const started = await postBooking(
        ctx,
        await customer(),
        bookingBody({ date: night, time: '23:00', services: LONG_VISIT }),
      );
      const [row] = await ctx.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, started.json().bookingId as string));
      let decided = false;
      let pending: Promise<boolean> | undefined;
      await ctx.database.db.transaction(async (tx) => {
        await lockBookingDates(tx, [addCalendarDays(night, 1)]);
        // A payment arriving after the hold lapsed asks whether the slot is still free.
        pending = ctx.database.db.transaction(
          async (other) => (await placeAgain(other, row!, new Date())).overCapacity,
        );
        void pending.then(() => {
          decided = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(decided).toBe(false);
      });
      expect(await pending).toBe(false);
    },
  );

  it('and a booking early the next day, sent at once many times over: one of each pair wins', async () => {
    const nights = Array.from({ length: 6 }, freshNight);
    const users = await Promise.all(nights.flatMap(() => [customer(), customer()]));
    const answers = await Promise.all(
      nights.flatMap((night, n) => [
        postBooking(
          ctx,
          users[2 * n],
          bookingBody({ date: night, time: '23:00', services: LONG_VISIT }),
        ),
        postBooking(
          ctx,
          users[2 * n + 1],
          bookingBody({ date: addCalendarDays(night, 1), time: '00:00' }),
        ),
      ]),
    );
    nights.forEach((_, n) => {
      const pair = [answers[2 * n]!.statusCode, answers[2 * n + 1]!.statusCode].sort();
      expect(pair).toEqual([201, 409]);
    });
  });
});
