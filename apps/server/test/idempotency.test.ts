// A change the technician's app sends again with its Idempotency-Key applies once: the repeat
// gets the first answer back (Idempotent-Replayed), the same key with other details or while the
// first still runs is refused, a refusal keeps nothing, and keys are each account's own.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addServicesResponseSchema,
  arrivalResponseSchema,
} from '@pitstop/shared/technicians/responses';
import { appointments, emailOutbox, idempotentRequests, visitRecords } from '../src/db/schema.ts';
import {
  ANOTHER_ACCOUNT,
  deleteExpiredIdempotencyKeys,
  IN_PROGRESS,
  INVALID_KEY,
  KEY_REUSED,
} from '../src/lib/idempotency.ts';
import {
  APP_URL,
  bookAndPay,
  businessToday,
  createTestContext,
  createUser,
  expectNothingChanged,
  freshWeekdays,
  onboardedTechnician,
  uniqueEmail,
} from './harness.ts';
import type { Method, SignedInTechnician, TestContext, TestUser } from './harness.ts';
import { jobTodayOf } from './on-site-jobs.ts';
import { appointmentRows } from './visit-rows.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let technician: SignedInTechnician;
const nextDay = freshWeekdays(40);
let keys = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
  technician = await onboardedTechnician(ctx, admin, { name: 'Alex Rivera' });
});
afterAll(async () => {
  await ctx?.close();
});

/** A fresh key, as the app makes one per queued change. */
function newKey(): string {
  return `change-${Date.now().toString(36)}-${(keys += 1)}`;
}

/** A request as `user` from the app's own origin, with `key` as its Idempotency-Key if given. */
function send(user: TestUser, method: Method, url: string, payload: unknown, key?: string) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      origin: APP_URL,
      cookie: user.cookie,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: payload as Record<string, unknown>,
  });
}

/** A paid visit made the technician's job of today; answers its booking, job and address. */
async function todaysJob(worker: SignedInTechnician = technician) {
  const email = uniqueEmail('idem');
  const bookingId = await bookAndPay(ctx, customer, { date: nextDay(), email });
  const jobId = await jobTodayOf(ctx, admin, worker, bookingId);
  return { bookingId, jobId, email };
}

async function messagesOf(bookingId: string, templates: string[]) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), inArray(emailOutbox.template, templates)));
}

async function keysOf(user: TestUser) {
  const rows = await ctx.database.db
    .select({ key: idempotentRequests.key })
    .from(idempotentRequests)
    .where(eq(idempotentRequests.userId, user.userId));
  return rows.map((row) => row.key).sort();
}

async function keyRow(user: TestUser, key: string) {
  const [row] = await ctx.database.db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, user.userId), eq(idempotentRequests.key, key)));
  return row;
}

describe('a change sent again with its key', () => {
  it('On my way: one message queued, the same answer replayed', async () => {
    const { bookingId, jobId } = await todaysJob();
    const url = `/api/technician/jobs/${jobId}/arrival`;
    const key = newKey();
    const first = await send(technician, 'POST', url, { minutes: 30 }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(technician, 'POST', url, { minutes: 30 }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(arrivalResponseSchema.parse(again.json())).toEqual(first.json());
    expect(await messagesOf(bookingId, ['on-my-way', 'running-late'])).toHaveLength(1);
    expect(await keyRow(technician, key)).toMatchObject({
      route: 'POST /api/technician/jobs/:id/arrival',
      statusCode: 200,
    });
  });

  it('Add services: added once, answered 201 both times', async () => {
    const { bookingId, jobId } = await todaysJob();
    const url = `/api/technician/jobs/${jobId}/services`;
    const key = newKey();
    const body = { serviceIds: ['battery-service'] };
    const first = await send(technician, 'POST', url, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(technician, 'POST', url, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(addServicesResponseSchema.parse(again.json())).toEqual(first.json());
    expect(await appointmentRows(ctx, bookingId)).toHaveLength(2);
  });

  it('Complete with the odometer: one visit record, one completion e-mail', async () => {
    const { bookingId, jobId } = await todaysJob();
    const url = `/api/technician/jobs/${jobId}/status`;
    const key = newKey();
    const body = { status: 'completed', odometerMiles: 61200 };
    const first = await send(technician, 'PATCH', url, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(technician, 'PATCH', url, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const records = await ctx.database.db
      .select()
      .from(visitRecords)
      .where(eq(visitRecords.bookingId, bookingId));
    expect(records).toHaveLength(1);
    expect(await messagesOf(bookingId, ['job-completed'])).toHaveLength(1);
  });

  it('with other details is refused and changes nothing', async () => {
    const date = nextDay();
    const url = `/api/technician/working-days/${date}`;
    const key = newKey();
    const first = await send(technician, 'PUT', url, { working: true }, key);
    expect(first.statusCode, first.body).toBe(200);
    const otherBody = await expectNothingChanged(
      ctx,
      () => send(technician, 'PUT', url, { working: false }, key),
      422,
    );
    expect(otherBody.json()).toEqual({
      error: { code: 'IDEMPOTENCY_KEY_REUSED', message: KEY_REUSED },
    });
    // Another date is another change, and so is another route.
    const otherDate = await expectNothingChanged(
      ctx,
      () =>
        send(
          technician,
          'PUT',
          `/api/technician/working-days/${nextDay()}`,
          { working: true },
          key,
        ),
      422,
    );
    expect(otherDate.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await expectNothingChanged(
      ctx,
      () => send(technician, 'PUT', '/api/technician/duty', { onDuty: true }, key),
      422,
    );
    const same = await send(technician, 'PUT', url, { working: true }, key);
    expect(same.headers['idempotent-replayed']).toBe('true');
    // The same change spelled with a query string the route ignores is the same change.
    const spelled = await send(technician, 'PUT', `${url}?again=1`, { working: true }, key);
    expect(spelled.statusCode, spelled.body).toBe(200);
    expect(spelled.headers['idempotent-replayed']).toBe('true');
  });

  it('is not kept when refused: sent again once the cause is gone, it runs', async () => {
    const { bookingId, jobId } = await todaysJob();
    const url = `/api/technician/jobs/${jobId}/status`;
    const key = newKey();
    await ctx.database.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, jobId));
    const refused = await send(technician, 'PATCH', url, { status: 'in-progress' }, key);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await keyRow(technician, key)).toBeUndefined();

    await ctx.database.db
      .update(appointments)
      .set({ status: 'scheduled' })
      .where(eq(appointments.id, jobId));
    const started = await send(technician, 'PATCH', url, { status: 'in-progress' }, key);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.headers['idempotent-replayed']).toBeUndefined();
    expect((await appointmentRows(ctx, bookingId))[0]!.status).toBe('in-progress');
    expect((await keyRow(technician, key))?.completedAt).not.toBeNull();
  });

  it('twice at once applies once: the other is replayed or told it is still running', async () => {
    const { bookingId, jobId } = await todaysJob();
    const url = `/api/technician/jobs/${jobId}/services`;
    const key = newKey();
    const body = { serviceIds: ['battery-service'] };
    const answers = await Promise.all([
      send(technician, 'POST', url, body, key),
      send(technician, 'POST', url, body, key),
    ]);
    const ran = answers.filter(
      (answer) => answer.statusCode === 201 && !answer.headers['idempotent-replayed'],
    );
    expect(ran).toHaveLength(1);
    const other = answers.find((answer) => answer !== ran[0])!;
    if (other.statusCode === 201) {
      expect(other.headers['idempotent-replayed']).toBe('true');
    } else {
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json()).toEqual({
        error: { code: 'IDEMPOTENCY_IN_PROGRESS', message: IN_PROGRESS },
      });
    }
    expect(await appointmentRows(ctx, bookingId)).toHaveLength(2);
  });

  it('still pending is 409 for two minutes, then taken over by the next one sent', async () => {
    const url = `/api/technician/working-days/${nextDay()}`;
    const key = newKey();
    expect((await send(technician, 'PUT', url, { working: true }, key)).statusCode).toBe(200);
    const pendingSince = async (seconds: number) =>
      ctx.database.db
        .update(idempotentRequests)
        .set({
          statusCode: null,
          answer: null,
          completedAt: null,
          createdAt: sql`now() - make_interval(secs => ${seconds})`,
        })
        .where(eq(idempotentRequests.key, key));

    await pendingSince(60);
    const running = await send(technician, 'PUT', url, { working: true }, key);
    expect(running.statusCode, running.body).toBe(409);
    expect(running.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');

    // An instance that stopped mid-change left it: the next request runs it.
    await pendingSince(180);
    const taken = await send(technician, 'PUT', url, { working: true }, key);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect(await keyRow(technician, key)).toMatchObject({ statusCode: 200 });
  });

  it("of another technician is theirs: nobody is answered someone else's change", async () => {
    const other = await onboardedTechnician(ctx, admin, { name: 'Sam Other' });
    const mine = await todaysJob();
    const theirs = await todaysJob(other);
    const key = newKey();
    const first = await send(
      technician,
      'POST',
      `/api/technician/jobs/${mine.jobId}/arrival`,
      { minutes: 15 },
      key,
    );
    expect(first.statusCode, first.body).toBe(200);
    // The same key on the first technician's job: that job stays theirs alone.
    const notTheirs = await send(
      other,
      'POST',
      `/api/technician/jobs/${mine.jobId}/arrival`,
      { minutes: 15 },
      key,
    );
    expect(notTheirs.statusCode, notTheirs.body).toBe(404);
    expect(notTheirs.headers['idempotent-replayed']).toBeUndefined();
    const own = await send(
      other,
      'POST',
      `/api/technician/jobs/${theirs.jobId}/arrival`,
      { minutes: 15 },
      key,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['idempotent-replayed']).toBeUndefined();
    expect(own.json()).toMatchObject({ bookingId: theirs.bookingId });
    expect(await messagesOf(theirs.bookingId, ['on-my-way'])).toHaveLength(1);
  });
});

describe('a change kept on a phone', () => {
  it('made by another account than the one signed in now is refused, and nothing runs', async () => {
    const { jobId, bookingId } = await todaysJob();
    const duty = await send(technician, 'PUT', '/api/technician/duty', { onDuty: true });
    expect(duty.statusCode, duty.body).toBe(200);
    const made = (madeBy: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/technician/jobs/${jobId}/arrival`,
        headers: {
          origin: APP_URL,
          cookie: technician.cookie,
          'idempotency-key': newKey(),
          'change-account': madeBy,
        },
        payload: { minutes: 15 },
      });
    const refused = await made(customer.userId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'CHANGE_OF_ANOTHER_ACCOUNT', message: ANOTHER_ACCOUNT },
    });
    expect(await messagesOf(bookingId, ['on-my-way'])).toHaveLength(0);

    const own = await made(technician.userId);
    expect(own.statusCode, own.body).toBe(200);
    expect(await messagesOf(bookingId, ['on-my-way'])).toHaveLength(1);
  });
});

describe('the Idempotency-Key header', () => {
  it('of the wrong shape is refused with 422, changing nothing', async () => {
    const url = `/api/technician/working-days/${businessToday()}`;
    for (const key of ['short', 'x'.repeat(101), 'has space 123', 'dot.ted.key']) {
      const refused = await expectNothingChanged(
        ctx,
        () => send(technician, 'PUT', url, { working: true }, key),
        422,
      );
      expect(refused.json()).toEqual({ error: { code: 'VALIDATION', message: INVALID_KEY } });
    }
  });

  it('left out, the route works as before: each request runs, nothing is kept', async () => {
    const { bookingId, jobId } = await todaysJob();
    const url = `/api/technician/jobs/${jobId}/arrival`;
    const keptBefore = await keysOf(technician);
    for (let i = 0; i < 2; i++) {
      const sent = await send(technician, 'POST', url, { minutes: 30 });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await messagesOf(bookingId, ['on-my-way', 'running-late'])).toHaveLength(2);
    expect(await keysOf(technician)).toEqual(keptBefore);
  });

  it('is described, optional, in each opted-in route of the API description', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths as Record<
      string,
      Record<string, { description?: string; parameters?: { in: string; required?: boolean }[] }>
    >;
    const opted = [
      ['patch', '/api/technician/jobs/{id}/status'],
      ['post', '/api/technician/jobs/{id}/services'],
      ['post', '/api/technician/jobs/{id}/arrival'],
      ['put', '/api/technician/duty'],
      ['put', '/api/technician/working-days/{date}'],
    ] as const;
    for (const [method, path] of opted) {
      const operation = paths[path]?.[method];
      expect(operation?.description, `${method} ${path}`).toContain('Idempotency-Key');
      const required = (operation?.parameters ?? []).filter(
        (parameter) => parameter.in === 'header' && parameter.required,
      );
      expect(required).toEqual([]);
    }
  });
});

describe('keys kept', () => {
  it('are forgotten after 30 days', async () => {
    const url = `/api/technician/working-days/${nextDay()}`;
    const [old, recent] = [newKey(), newKey()];
    expect((await send(technician, 'PUT', url, { working: true }, old)).statusCode).toBe(200);
    expect((await send(technician, 'PUT', url, { working: false }, recent)).statusCode).toBe(200);
    await ctx.database.db
      .update(idempotentRequests)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(idempotentRequests.key, old));
    await deleteExpiredIdempotencyKeys(ctx.database.db);
    expect(await keyRow(technician, old)).toBeUndefined();
    expect(await keyRow(technician, recent)).toBeDefined();
  });

  it("go with their account's deletion", async () => {
    const leaving = await onboardedTechnician(ctx, admin, { name: 'Lee Leaving' });
    const key = newKey();
    const url = `/api/technician/working-days/${nextDay()}`;
    expect((await send(leaving, 'PUT', url, { working: true }, key)).statusCode).toBe(200);
    expect(await keyRow(leaving, key)).toBeDefined();
    await ctx.database.db.execute(sql`delete from auth_user where id = ${leaving.userId}`);
    expect(await keyRow(leaving, key)).toBeUndefined();
  });
});
