// Several instances of one install (cluster workers, machines behind a balancer) share the
// first-admin setup code through the database: each prints the same one, any of them accepts it,
// setup completes once with it, and /user-cleanup gives all of them a fresh one
// (docs/decisions/015). Two apps on one database here; two processes on PostgreSQL in
// reliability.test.ts.
import { CLEANUP_CONFIRMATION } from '@pitstop/shared/users/rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { SETUP_COMPLETE, SETUP_CODE_WRONG } from '../src/features/setup/service.ts';
import type { AppInstance } from '../src/app-context.ts';
import { createTestContext, expectNothingChanged, signIn, uniqueEmail } from './harness.ts';
import type { TestContext } from './harness.ts';

const CODE = /^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/;

let ctx: TestContext;
let instances: [AppInstance, AppInstance];
let warns: ReturnType<typeof vi.spyOn>[] = [];

/** The codes the instances (or the given ones' log spies) printed so far, each's in order. */
const printedCodes = (by = warns) =>
  by
    .flatMap((warn) => warn.mock.calls)
    .flatMap(([message]: unknown[]) => {
      const code = /Setup code: (\S+)/.exec(String(message))?.[1];
      return code ? [code] : [];
    });

beforeAll(async () => {
  // The harness's own app listens on loopback: it asks no code and makes none.
  ctx = await createTestContext();
  const reachable = { ...ctx.env, isLocalOnly: false };
  const readCache = { syncEachRead: Boolean(process.env.DATABASE_URL) };
  instances = [
    await buildApp({ env: reachable, database: ctx.database, readCache }),
    await buildApp({ env: reachable, database: ctx.database, readCache }),
  ];
  warns = instances.map((app) => vi.spyOn(app.log, 'warn'));
  // Started together on a database with no code: both offer one, one is kept.
  await Promise.all(instances.map((app) => app.ready()));
});
afterAll(async () => {
  for (const warn of warns) warn.mockRestore();
  await Promise.all(instances?.map((app) => app.close()) ?? []);
  await ctx?.close();
});

const PASSWORD = 'owner-pass';
const setupOn = (app: AppInstance, setupCode: string, email = uniqueEmail('owner')) =>
  app.inject({
    method: 'POST',
    url: '/api/setup',
    headers: { origin: ctx.env.appUrl },
    payload: { name: 'Owner', email, password: PASSWORD, confirmPassword: PASSWORD, setupCode },
  });
/** The owner `ownerEmail` signs in on `app` and empties the install there. */
const cleanupOn = async (app: AppInstance, ownerEmail: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user-cleanup',
    headers: { origin: ctx.env.appUrl, cookie: await signIn(app, ownerEmail, PASSWORD) },
    payload: { confirmation: CLEANUP_CONFIRMATION },
  });

describe('the setup code on two instances of one database', () => {
  it('is printed the same by both, accepted by either, and renewed for both by cleanup', async () => {
    const [a, b] = instances;
    const printed = printedCodes();
    expect(printed).toHaveLength(2);
    const [code] = printed as [string, string];
    expect(code).toMatch(CODE);
    expect(printed[1]).toBe(code);
    for (const app of instances) {
      expect(await app.ctx.setupCode.current()).toBe(code);
      expect((await app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
        available: true,
        codeRequired: true,
      });
    }

    // A wrong code changes nothing on either, the stored code included.
    for (const app of instances) {
      const refused = await expectNothingChanged(ctx, () => setupOn(app, 'AAAA-AAAA-AAAA'), 403);
      expect(refused.json()).toMatchObject({ error: { message: SETUP_CODE_WRONG } });
    }

    // The code a's log shows works on b, once: a cannot complete setup again with it.
    const ownerEmail = uniqueEmail('owner');
    const first = await setupOn(b, code, ownerEmail);
    expect(first.statusCode, first.body).toBe(201);
    const again = await setupOn(a, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: SETUP_COMPLETE } });
    for (const app of instances) expect(await app.ctx.setupCode.current()).toBeUndefined();

    // The owner empties the install through a: setup opens again with a fresh code, which a
    // prints and b accepts; the spent one stays spent.
    const cleanup = await cleanupOn(a, ownerEmail);
    expect(cleanup.statusCode, cleanup.body).toBe(200);
    const renewed = printedCodes([warns[0]!]).at(-1);
    expect(renewed).toMatch(CODE);
    expect(renewed).not.toBe(code);
    expect(await b.ctx.setupCode.current()).toBe(renewed);
    expect((await setupOn(b, code)).statusCode).toBe(403);
    const secondOwner = uniqueEmail('owner');
    expect((await setupOn(b, renewed!, secondOwner)).statusCode).toBe(201);

    // An instance that asks no code (loopback only, as the harness's) empties the install: it
    // still leaves a code for the reachable ones, which would otherwise refuse every setup.
    const localCleanup = await cleanupOn(ctx.app, secondOwner);
    expect(localCleanup.statusCode, localCleanup.body).toBe(200);
    const left = await b.ctx.setupCode.current();
    expect(left).toMatch(CODE);
    expect((await setupOn(b, left!)).statusCode).toBe(201);
  });
});
