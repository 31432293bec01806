// The booking form's time slots come from the saved business profile: an admin's change to the
// hours shows in the very next answer, with no restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser } from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

// Far enough ahead that "today" never trims it; 2030-12-01 is a Sunday.
const SUNDAY = '2030-12-01';

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

  it('refuses a missing or impossible date with the form message', async () => {
    for (const bad of ['', '2030-02-30', '12/01/2030', "2030-12-01'; drop table services;--"]) {
      const response = await slots(encodeURIComponent(bad));
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().error.fields.date).toBe('Please select a date');
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/booking/slots' });
    expect(none.statusCode).toBe(422);
  });
});
