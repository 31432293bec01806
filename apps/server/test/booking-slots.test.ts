// The booking form's time slots come from the saved business profile: an admin's change to the
// hours shows in the very next answer, with no restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDay } from '@pitstop/shared/booking/capacity';
import { BOOKING_HORIZON_DAYS, TOO_FAR_AHEAD } from '@pitstop/shared/booking/forms';
import { addCalendarDays, dayOfWeek } from '@pitstop/shared/calendar-dates';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/profile';
import { bookedSpansQuery } from '../src/features/visits/booking-rows.ts';
import { businessToday, createTestContext, createUser } from './harness.ts';
import type { TestContext } from './harness.ts';

// The route reads the app's clock to drop past days and today's past hours: the harness pins it,
// so the answers do not depend on the day the suite runs.
const TODAY = '2030-11-27'; // a Wednesday
const NOW = new Date(`${TODAY}T15:00:00Z`); // 10:00 in New York, the business's time zone
const SUNDAY = '2030-12-01'; // the Sunday after

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: NOW });
});
afterAll(async () => {
  await ctx?.close();
});

async function slots(date: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/booking/slots?date=${date}` });
}

describe('GET /api/booking/slots', () => {
  it('offers the default Sunday hours, then none once an admin closes Sundays', async () => {
    const before = await slots(SUNDAY);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ date: SUNDAY, hint: 'Open 9:00 AM - 5:00 PM' });
    expect(before.json().slots).toHaveLength(16);

    const admin = await createUser(ctx, 'admin');
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/business' })).json();
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/business',
      headers: { cookie: admin.cookie },
      payload: {
        ...profile,
        hours: { ...profile.hours, sunday: { ...profile.hours.sunday, isOpen: false } },
      },
    });
    expect(saved.statusCode).toBe(200);

    expect((await slots(SUNDAY)).json()).toEqual({
      date: SUNDAY,
      slots: [],
      message: 'We are closed on this day',
      hint: 'Closed on this day',
    });
  });

  it('offers today only the slots after the business’s current half hour', async () => {
    const today = (await slots(TODAY)).json();
    expect(today.slots[0]).toBe('10:30');
    expect(today.slots.at(-1)).toBe('18:30');
    expect((await slots('2030-11-26')).json()).toMatchObject({
      slots: [],
      message: 'No available time slots',
    });
  });

  it("follows the app's clock: later in the day fewer slots, and past midnight the day is gone", async () => {
    try {
      ctx.clock.advance(3 * 60 * 60_000); // 13:00 in New York
      expect((await slots(TODAY)).json().slots[0]).toBe('13:30');
      ctx.clock.set(`${TODAY}T23:50:00-05:00`);
      expect((await slots(TODAY)).json().slots).toEqual([]);
      ctx.clock.advance(20 * 60_000); // 00:10 the next day: its slots from opening, today's gone
      expect((await slots('2030-11-28')).json().slots[0]).toBe('07:00');
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('refuses a missing or impossible date with the form message', async () => {
    for (const bad of ['', '2030-02-30', '12/01/2030', "2030-12-01'; drop table services;--"]) {
      const response = await slots(encodeURIComponent(bad));
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().error.fields.date).toBe('Please select a date');
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/booking/slots' });
    expect(none.statusCode).toBe(422);
  });

  it('offers nothing beyond the booking horizon, saying why', async () => {
    // Days other than Sunday: this file closes Sundays.
    const notSunday = (day: string, step: number) =>
      dayOfWeek(day) === 0 ? addCalendarDays(day, step) : day;
    const today = businessToday();
    const last = await slots(notSunday(addCalendarDays(today, BOOKING_HORIZON_DAYS), -1));
    expect(last.statusCode).toBe(200);
    const beyond = await slots(notSunday(addCalendarDays(today, BOOKING_HORIZON_DAYS + 1), 1));
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({ slots: [], message: TOO_FAR_AHEAD });
    expect(last.json().slots.length).toBeGreaterThan(0);
    const farOff = await slots('9999-12-31');
    expect(farOff.json()).toMatchObject({ slots: [], message: TOO_FAR_AHEAD });
  });

  it('finds the visits overlapping a day through the span index, however long the history', async () => {
    const range = businessDay('2030-12-02', DEFAULT_TIME_ZONE);
    const plan = await ctx.database.db.transaction(async (tx) => {
      // With an empty table the planner would scan it: forbid that, so the plan shows the index
      // it can use, as it does on a large table.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = bookedSpansQuery(tx, range, NOW);
      return tx.execute(sql`explain (format json) ${query}`);
    });
    const text = JSON.stringify(plan.rows);
    expect(text).toContain('bookings_visit_span_idx');
    expect(text).toContain('tstzrange');
  });
});
