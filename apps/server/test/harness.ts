// Integration-test harness: the real app on a fresh database per test file — in-memory PGlite by
// default, or a throwaway database on the PostgreSQL server named by DATABASE_URL — each a copy
// of the run's migrated and seeded database (global-setup.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq, getTableName, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/defaults';
import { DEFAULT_SERVICE_AREA_NAMES } from '@pitstop/shared/business/service-areas';
import type { ServiceArea } from '@pitstop/shared/business/service-areas';
import { addCalendarDays, calendarDateIn, dayOfWeek } from '@pitstop/shared/calendar-dates';
import type { Role } from '@pitstop/shared/roles';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import type { Database, Tx } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { businessProfile, emailOutbox, userProfiles } from '../src/db/schema.ts';
import type { AppInstance } from '../src/app-context.ts';
import type { Clock } from '../src/lib/clock.ts';
import { databaseUrl, prepare } from './global-setup.ts';
import { loadEnv } from '../src/lib/env.ts';
import type { Env } from '../src/lib/env.ts';

export const APP_URL = 'http://localhost:3000';

export interface TestContext {
  app: AppInstance;
  database: Database;
  env: Env;
  /** The app's clock for the business rules, stopped; `set` or `advance` it to move time. */
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * The API tests' clock: stopped at a moment (the file's start unless set), so that the day a
 * test books and the day the server checks are the same, and time moves only when a test moves
 * it. Stamps the database writes itself (created_at, the outbox's leases, rate-limit windows)
 * and sessions stay on the real clock (lib/clock.ts), which a stopped clock never gets ahead of.
 */
export class TestClock implements Clock {
  #at: number;
  constructor(at: Date = new Date()) {
    this.#at = at.getTime();
  }
  now(): Date {
    return new Date(this.#at);
  }
  set(at: Date | string): void {
    this.#at = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.#at += ms;
  }
}

// The clock of the file's latest context: the booking helpers below count days from it.
let fileClock: TestClock | undefined;

/** "Now" for a test: the file's clock once a context exists, else the real one. */
export function testNow(): Date {
  return fileClock?.now() ?? new Date();
}

/** A copy of the run's migrated, seeded template database (global-setup.ts). */
async function openFreshPostgres(
  serverUrl: string,
  template: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `pitstop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const database = await openDatabase({ url: databaseUrl(serverUrl, name) });
  return {
    database,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The business's service areas in every test file: the four default names, with ids a test can
 * name (a real install's are random), and no ZIPs (every ZIP served).
 */
export const TEST_SERVICE_AREAS: readonly ServiceArea[] = DEFAULT_SERVICE_AREA_NAMES.map(
  (name) => ({ id: name.toLowerCase().replace(/ /g, '-'), name, zips: [] }),
);
/** The id of the test business's first area, Downtown. */
export const DOWNTOWN_AREA_ID = TEST_SERVICE_AREAS[0]!.id;

export async function createTestContext(
  overrides: Record<string, string> = {},
  options: {
    webDist?: string;
    startSender?: boolean;
    /** PGlite in files under DATA_DIR, as `npm start` runs it, even with DATABASE_URL set. */
    embeddedOnDisk?: boolean;
    /** Where the app's clock stands (the file's start unless given). */
    now?: Date;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitstop-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Every request of a test comes from 127.0.0.1: the per-address booking limits would
    // count the whole file as one visitor (booking-holds.test.ts sets its own).
    BOOKING_RATE_LIMIT_PER_MINUTE: '100000',
    UNPAID_HOLDS_PER_ADDRESS: '100000',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const serverUrl = options.embeddedOnDisk ? undefined : process.env.DATABASE_URL;
  const templates = inject('databaseTemplates');
  const fresh =
    serverUrl && templates.postgresTemplate
      ? await openFreshPostgres(serverUrl, templates.postgresTemplate)
      : undefined;
  // An embedded database in a run on PostgreSQL has no snapshot to start from: it migrates.
  const load = templates.pgliteSnapshot ? readFileSync(templates.pgliteSnapshot) : undefined;
  const database =
    fresh?.database ??
    (await openDatabase(options.embeddedOnDisk ? { dataDir, load } : { memory: true, load }));
  if (!fresh && !load) await prepare(database);
  await database.db.update(businessProfile).set({ serviceAreas: [...TEST_SERVICE_AREAS] });
  const clock = new TestClock(options.now);
  fileClock = clock;
  const app = await buildApp({
    env,
    database,
    clock,
    serveWeb: options.webDist !== undefined,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.startSender === undefined ? {} : { startSender: options.startSender }),
    // Tests change rows straight in the database too; on a PostgreSQL server the announcement
    // of such a change arrives over another connection, so each cached read waits for it.
    readCache: { syncEachRead: fresh !== undefined },
  });
  await app.ready();
  return {
    app,
    database,
    env,
    clock,
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  cookie: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.length > 0 && !c.endsWith('='))
    .join('; ');
}

export async function signIn(app: AppInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: APP_URL },
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return sessionCookie(response.headers['set-cookie']);
}

/** Signs up a user through the real auth endpoint, sets the role directly, returns a session. */
export async function createUser(
  ctx: TestContext,
  role: Role = 'customer',
  { email = uniqueEmail(role), password = 'password123', name = `Test ${role}` } = {},
): Promise<TestUser> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: APP_URL },
    payload: { email, password, name },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const userId = (response.json() as { user: { id: string } }).user.id;
  await ctx.database.db
    .insert(userProfiles)
    .values({ userId, role, name })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { role, name } });
  const cookie = await signIn(ctx.app, email, password);
  return { email, password, userId, cookie };
}

export async function setRole(ctx: TestContext, userId: string, role: Role): Promise<void> {
  await ctx.database.db.update(userProfiles).set({ role }).where(eq(userProfiles.userId, userId));
}

// Every table of the schema but the rate limits' counts, which every request on a limited route
// moves by design (refused ones too): they are bookkeeping, not the business's data.
const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    typeof value === 'object' &&
    value !== null &&
    isTable(value) &&
    value !== schema.rateLimitCounters,
);
function isTable(value: object): boolean {
  try {
    return Boolean(getTableConfig(value as PgTable).name);
  } catch {
    return false;
  }
}

/**
 * A fingerprint of every row of every table: any insert, update or delete changes it. Compare
 * one taken before a refused request with one taken after to show that nothing changed.
 */
export async function fingerprintTables(ctx: TestContext): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of tables) {
    const name = getTableName(table);
    const rows = await ctx.database.db.execute(
      sql`select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${table} t`,
    );
    result[name] = (rows.rows[0] as { h: string }).h;
  }
  return result;
}

// ---------------------------------------------------------------- booking helpers

/**
 * Today on the business's clock (the seeded time zone), as the server's businessToday reads it
 * at the file's clock (TestClock: stopped when the file's context was made), so a test's "today"
 * and the server's are the same day however long the file runs, midnight or not.
 */
export function businessToday(now = testNow()): string {
  return calendarDateIn(DEFAULT_TIME_ZONE, now);
}

/**
 * A day other than Sunday (Monday to Saturday open 07:00-19:00 by default; Sunday has shorter
 * hours) at least `daysAhead` days after the business's today, as YYYY-MM-DD. Far enough ahead
 * that today's cut-off never matters, near enough to stay inside the booking horizon.
 */
export function futureWeekday(daysAhead = 14): string {
  const day = addCalendarDays(businessToday(), daysAhead);
  return dayOfWeek(day) === 0 ? addCalendarDays(day, 1) : day;
}

/**
 * Distinct days other than Sunday, one per call, the first at least `daysAhead` days ahead.
 * (futureWeekday of two days in a row gives the same Monday when the first is a Sunday.)
 */
export function freshWeekdays(daysAhead: number): () => string {
  let offset = daysAhead;
  let last = '';
  return () => {
    let day = last;
    while (day === last) day = futureWeekday((offset += 1));
    last = day;
    return day;
  };
}

/** A valid POST /api/bookings body with a fresh idempotency key; `overrides` replace fields. */
export function bookingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    services: ['basic-oil-change'],
    date: futureWeekday(),
    time: '10:00',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '(555) 123-4567',
    address: '1 Analytical Way',
    city: 'Springfield',
    zipCode: '12345',
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
    vehicleYear: '2018',
    vehicleColor: 'Blue',
    licensePlate: 'ADA-1815',
    description: 'Gate code 1234',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** POST /api/bookings as `user` (or signed out), from the app's own origin. */
export async function postBooking(
  ctx: TestContext,
  user: TestUser | undefined,
  body: Record<string, unknown>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { origin: APP_URL, ...(user ? { cookie: user.cookie } : {}) },
    payload: body,
  });
}

/** Pays a local checkout session on its hosted page, as the browser would (303 when paid). */
export function payLocalCheckout(
  ctx: TestContext,
  sessionId: string,
  cardNumber = '4242 4242 4242 4242',
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/checkout/local/${sessionId}`,
    headers: { origin: APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      email: 'ada@example.com',
      cardNumber,
      expiry: '12 / 40',
      cvc: '123',
      cardName: 'Ada Lovelace',
    }).toString(),
  });
}

/** The session id at the end of a checkout URL. */
export function sessionIdOf(checkoutUrl: string): string {
  return checkoutUrl.split('/').at(-1)!;
}

/**
 * Books `bookingBody(overrides)` as `user`, pays it on the local checkout and has the success
 * page's lookup fulfil it; answers the booking's id.
 */
export async function bookAndPay(
  ctx: TestContext,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const started = await postBooking(ctx, user, bookingBody(overrides));
  expect(started.statusCode, started.body).toBe(201);
  const { bookingId, checkoutUrl } = started.json() as { bookingId: string; checkoutUrl: string };
  const sessionId = sessionIdOf(checkoutUrl);
  expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
  const outcome = await ctx.app.inject({
    method: 'GET',
    url: `/api/checkout/sessions/${sessionId}`,
    headers: { cookie: user.cookie },
  });
  expect(outcome.json()).toMatchObject({ state: 'paid' });
  return bookingId;
}

// ---------------------------------------------------------------- technician helpers

/** The cookie pair(s) of a response's Set-Cookie, ready to send back. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  return sessionCookie(setCookie);
}

/** The newest e-mail queued for an address (any template), or undefined. */
export async function latestEmailTo(ctx: TestContext, address: string) {
  const [row] = await ctx.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

/** The token of the set-password link in the newest e-mail to the address. */
export async function invitationTokenFor(ctx: TestContext, address: string): Promise<string> {
  const mail = await latestEmailTo(ctx, address);
  const match = /\/set-technician-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation link in the newest e-mail to ${address}`);
  return match[1]!;
}

export interface InvitedTechnician {
  email: string;
  name: string;
  profileId: string;
  userId: string;
  token: string;
}

/** Invites a technician through POST /api/technicians/invitations as `staff`. */
export async function inviteTechnician(
  ctx: TestContext,
  staff: TestUser,
  { email = uniqueEmail('technician'), name = 'Tess Technician' } = {},
): Promise<InvitedTechnician> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/technicians/invitations',
    headers: { origin: APP_URL, cookie: staff.cookie },
    payload: { name, email },
  });
  if (response.statusCode !== 201) {
    throw new Error(`invitation failed: ${response.statusCode} ${response.body}`);
  }
  const { technician } = response.json() as { technician: { id: string; userId: string } };
  return {
    email,
    name,
    profileId: technician.id,
    userId: technician.userId,
    token: await invitationTokenFor(ctx, email),
  };
}

export interface SignedInTechnician extends TestUser {
  name: string;
  profileId: string;
}

/** A technician invited by `staff` who has set a password through the link and is signed in. */
export async function acceptedTechnician(
  ctx: TestContext,
  staff: TestUser,
  options: { email?: string; name?: string; password?: string } = {},
): Promise<SignedInTechnician> {
  const invited = await inviteTechnician(ctx, staff, options);
  const password = options.password ?? 'tech-pass-1';
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/technician-invitations/accept',
    headers: { origin: APP_URL },
    payload: { token: invited.token, password, confirmPassword: password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`accepting the invitation failed: ${response.statusCode} ${response.body}`);
  }
  return {
    email: invited.email,
    password,
    userId: invited.userId,
    profileId: invited.profileId,
    name: invited.name,
    cookie: sessionCookie(response.headers['set-cookie']),
  };
}

/** A valid PUT /api/technician/onboarding body; `overrides` replace fields. */
export function onboardingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Tess Technician',
    phone: '5551234567',
    street: '12 Wrench Way',
    city: 'Springfield',
    zipCode: '12345',
    homeZip: '30303',
    serviceAreaIds: [DOWNTOWN_AREA_ID],
    password: 'onboarded-1',
    confirmPassword: 'onboarded-1',
    emergencyContact: 'Pat Technician',
    emergencyPhone: '(555) 765-4321',
    ...overrides,
  };
}

/**
 * A technician invited by `staff`, through the link and onboarding, signed in and on duty (a new
 * technician is off duty until they start duty, and only then can jobs be assigned to them).
 */
export async function onboardedTechnician(
  ctx: TestContext,
  staff: TestUser,
  options: { email?: string; name?: string } = {},
): Promise<SignedInTechnician> {
  const technician = await acceptedTechnician(ctx, staff, options);
  const body = onboardingBody();
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/technician/onboarding',
    headers: { origin: APP_URL, cookie: technician.cookie },
    payload: body,
  });
  if (response.statusCode !== 200) {
    throw new Error(`onboarding failed: ${response.statusCode} ${response.body}`);
  }
  const duty = await ctx.app.inject({
    method: 'PUT',
    url: '/api/technician/duty',
    headers: { origin: APP_URL, cookie: technician.cookie },
    payload: { onDuty: true },
  });
  if (duty.statusCode !== 200) {
    throw new Error(`start duty failed: ${duty.statusCode} ${duty.body}`);
  }
  return { ...technician, password: body.password as string };
}

// ---------------------------------------------------------------- requests and refusals

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as `user` (signed out when undefined), from the app's own origin. */
export function sendAs(
  ctx: TestContext,
  user: { cookie: string } | undefined,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: APP_URL, ...(user ? { cookie: user.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Runs a request that must be refused with `status`, and shows it changed no row of any table. */
export async function expectNothingChanged<R extends { statusCode: number; body: string }>(
  ctx: TestContext,
  request: () => Promise<R>,
  status: number,
): Promise<R> {
  const before = await fingerprintTables(ctx);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  expect(await fingerprintTables(ctx)).toEqual(before);
  return response;
}

/**
 * Runs `request` while a transaction holds `tables` locked against every reader (on PGlite the
 * open transaction alone keeps every other query waiting): it answers only if it needs none of
 * them, from the server's memory (lib/read-cache.ts). Gives up after two seconds rather than
 * waiting for the lock.
 */
export async function answersWithout<T>(
  ctx: TestContext,
  tables: string[],
  request: () => Promise<T>,
): Promise<T> {
  let answer: Promise<T> | undefined;
  await ctx.database.db.transaction(async (tx: Tx) => {
    for (const table of tables) {
      await tx.execute(sql.raw(`lock table ${table} in access exclusive mode`));
    }
    answer = Promise.race([
      request(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`waited for ${tables.join(', ')}`)), 2_000),
      ),
    ]);
    // Settle inside the transaction; a request stuck behind the lock fails the test here.
    await answer.catch(() => {});
  });
  return answer as Promise<T>;
}
