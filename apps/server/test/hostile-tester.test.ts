// The eight attacks of a hostile tester, each reproduced and shown refused: limits dodged by
// spelling a path differently, reset links read from the dev mailbox, a fresh install locked out by
// one sign-up, accounts told apart by setup's answers or by timing, old reset links that still
// work, inputs that gave a 500, texts without a length limit, and session tokens or the API's map
// handed to anyone who asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { CONTROL_CHARACTERS_REFUSED, PERSON_NAME_MAX_LENGTH } from '@pitstop/shared/text';
import { authUsers, emailOutbox, userProfiles } from '../src/db/schema.ts';
import { RESET_REQUEST_ANSWER_MS } from '../src/features/auth/routes.ts';
import { SETUP_COMPLETE, SETUP_CODE_WRONG } from '../src/features/setup/service.ts';
import {
  APP_URL,
  createTestContext,
  createUser,
  fingerprintTables,
  signIn,
  uniqueEmail,
} from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function call(
  target: TestContext,
  method: Method,
  url: string,
  options: { payload?: unknown; cookie?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { origin: APP_URL };
  if (options.cookie) headers.cookie = options.cookie;
  if (typeof options.payload === 'string') headers['content-type'] = 'application/json';
  return target.app.inject({
    method,
    url,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

describe('1. rate limits follow the path the handler sees, however it is spelled', () => {
  const LIMIT = 3;
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const routes: { path: string; payload: () => object }[] = [
    // A new address each time: the per-account limit, counted by the e-mail tried, stays out of it.
    {
      path: 'sign-in/email',
      payload: () => ({ email: uniqueEmail('guess'), password: 'wrong-pass' }),
    },
    {
      path: 'sign-up/email',
      payload: () => ({ email: uniqueEmail('dodge'), password: 'password123', name: '' }),
    },
    { path: 'request-password-reset', payload: () => ({ email: uniqueEmail('reset') }) },
    { path: 'reset-password', payload: () => ({ token: 'nope', newPassword: 'password123' }) },
  ];
  const spellings: [string, (path: string) => string][] = [
    ['a dot segment', (p) => `/api/auth/./${p}`],
    ['a parent segment', (p) => `/api/auth/x/../${p}`],
    ['an encoded dot segment', (p) => `/api/auth/x/%2e%2e/${p}`],
    ['doubled slashes', (p) => `/api/auth//${p.replace('/', '//')}`],
    ['an encoded character', (p) => `/api/auth/%${p.charCodeAt(0).toString(16)}${p.slice(1)}`],
    ['an encoded slash', (p) => `/api/auth/${p.replace('/', '%2F')}`],
    ['upper case', (p) => `/api/auth/${p.toUpperCase()}`],
    ['a trailing slash', (p) => `/api/auth/${p}/`],
    ['a query string', (p) => `/api/auth/${p}?x=1`],
  ];
  let address = 0;

  for (const route of routes) {
    it(`counts every spelling of /api/auth/${route.path} against its own limit`, async () => {
      for (const [name, spell] of spellings) {
        address += 1;
        const ip = `10.9.${Math.floor(address / 250)}.${address % 250}`;
        for (let i = 0; i < LIMIT; i += 1) {
          const response = await call(limited, 'POST', spell(route.path), {
            payload: route.payload(),
            ip,
          });
          expect(response.statusCode, `${name} #${i}`).not.toBe(429);
        }
        // The limit is spent: the plain path and the odd spelling are both refused now.
        for (const url of [`/api/auth/${route.path}`, spell(route.path)]) {
          const refused = await call(limited, 'POST', url, { payload: route.payload(), ip });
          expect(refused.statusCode, `${name}: ${url}`).toBe(429);
          expect(refused.json().error.code).toBe('RATE_LIMITED');
        }
      }
    });
  }
});

describe('2. the dev mailbox hands reset links only to the super admin, on every server', () => {
  const mailboxUrls = ['/dev/mailbox', '/api/dev/mailbox'];

  for (const [name, overrides] of [
    ['listening on loopback', { HOST: '127.0.0.1' }],
    ['listening on 0.0.0.0', { HOST: '0.0.0.0' }],
    ['behind a proxy', { TRUST_PROXY: '1' }],
  ] as const) {
    it(`asks for the super admin when ${name}`, async () => {
      const open = await createTestContext({ NODE_ENV: 'development', ...overrides });
      try {
        const user = await createUser(open, 'customer');
        await call(open, 'POST', '/api/auth/request-password-reset', {
          payload: { email: user.email, redirectTo: `${APP_URL}/reset-password` },
        });
        const customer = await createUser(open, 'customer');
        const admin = await createUser(open, 'admin');
        const superAdmin = await createUser(open, 'super_admin');
        for (const url of mailboxUrls) {
          const anonymous = await call(open, 'GET', url);
          expect(anonymous.statusCode, url).toBe(401);
          expect(anonymous.body).not.toMatch(/reset/i);
          expect((await call(open, 'GET', url, { cookie: customer.cookie })).statusCode).toBe(403);
          const asAdmin = await call(open, 'GET', url, { cookie: admin.cookie });
          expect(asAdmin.statusCode, url).toBe(403);
          expect(asAdmin.body).not.toMatch(/reset/i);
          const asSuperAdmin = await call(open, 'GET', url, { cookie: superAdmin.cookie });
          expect(asSuperAdmin.statusCode, url).toBe(200);
          expect(asSuperAdmin.body).toMatch(/reset/i);
        }
      } finally {
        await open.close();
      }
    });
  }
});

describe('3. a fresh install cannot be locked out', () => {
  const admin = { name: 'Owner', password: 'owner-password', confirmPassword: 'owner-password' };

  it('keeps setup open after anonymous sign-ups, until a super admin exists', async () => {
    const fresh = await createTestContext();
    try {
      const squatter = await call(fresh, 'POST', '/api/auth/sign-up/email', {
        payload: { email: uniqueEmail('squatter'), password: 'password123', name: '' },
      });
      expect(squatter.statusCode).toBe(200);
      expect((await call(fresh, 'GET', '/api/setup')).json()).toEqual({ available: true });

      const email = uniqueEmail('owner');
      const setup = await call(fresh, 'POST', '/api/setup', { payload: { ...admin, email } });
      expect(setup.statusCode, setup.body).toBe(201);
      const [owner] = await fresh.database.db
        .select({ role: userProfiles.role })
        .from(userProfiles)
        .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
        .where(eq(authUsers.email, email));
      expect(owner?.role).toBe('super_admin');
      expect((await call(fresh, 'GET', '/api/setup')).json()).toEqual({ available: false });
    } finally {
      await fresh.close();
    }
  });

  it('asks a server others can reach for the one-time code, refusing without it', async () => {
    const open = await createTestContext({ HOST: '0.0.0.0' });
    try {
      expect((await call(open, 'GET', '/api/setup')).json()).toEqual({
        available: true,
        codeRequired: true,
      });
      const code = await open.app.ctx.setupCode.current();
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);

      const before = await fingerprintTables(open);
      for (const setupCode of [undefined, '', 'AAAA-AAAA-AAAA']) {
        const email = uniqueEmail('claimer');
        const refused = await call(open, 'POST', '/api/setup', {
          payload: { ...admin, email, ...(setupCode === undefined ? {} : { setupCode }) },
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          error: {
            code: 'FORBIDDEN',
            message: SETUP_CODE_WRONG,
            fields: { setupCode: SETUP_CODE_WRONG },
          },
        });
      }
      expect(await fingerprintTables(open)).toEqual(before);

      // Typed by hand: case and spacing do not matter.
      const typed = ` ${code!.toLowerCase().replaceAll('-', ' ')} `;
      const setup = await call(open, 'POST', '/api/setup', {
        payload: { ...admin, email: uniqueEmail('owner'), setupCode: typed },
      });
      expect(setup.statusCode, setup.body).toBe(201);
      expect(await open.app.ctx.setupCode.current()).toBeUndefined();
      expect((await call(open, 'GET', '/api/setup')).json()).toEqual({ available: false });
    } finally {
      await open.close();
    }
  });

  it('asks for no code on a server only this machine reaches', async () => {
    expect(ctx.app.ctx.setupCode.required).toBe(false);
  });
});

describe('4. nothing but sign-up tells which addresses have accounts', () => {
  it('answers a setup after setup the same for every address', async () => {
    const done = await createTestContext();
    try {
      const owner = uniqueEmail('owner');
      const first = await call(done, 'POST', '/api/setup', {
        payload: {
          name: 'Owner',
          email: owner,
          password: 'owner-pass',
          confirmPassword: 'owner-pass',
        },
      });
      expect(first.statusCode).toBe(201);
      const staff = await createUser(done, 'admin');
      const customer = await createUser(done, 'customer');
      const answers = new Set<string>();
      for (const email of [owner, staff.email, customer.email, uniqueEmail('nobody')]) {
        const response = await call(done, 'POST', '/api/setup', {
          payload: { name: 'X', email, password: 'whatever1', confirmPassword: 'whatever1' },
        });
        expect(response.statusCode).toBe(409);
        answers.add(response.body);
      }
      expect([...answers]).toEqual([
        JSON.stringify({ error: { code: 'CONFLICT', message: SETUP_COMPLETE } }),
      ]);
    } finally {
      await done.close();
    }
  });

  it('takes the same time to answer a reset request for a known and an unknown address', async () => {
    const user = await createUser(ctx, 'customer');
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 4; i += 1) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? user.email : uniqueEmail('nobody');
        const start = performance.now();
        const response = await call(ctx, 'POST', '/api/auth/request-password-reset', {
          payload: { email, redirectTo: `${APP_URL}/reset-password` },
        });
        timings[kind].push(performance.now() - start);
        expect(response.statusCode).toBe(200);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    for (const kind of ['known', 'unknown'] as const) {
      expect(Math.min(...timings[kind]), kind).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 5);
    }
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(40);
  });
});

describe('5. a used or superseded reset link is dead', () => {
  async function resetToken(email: string): Promise<string> {
    const response = await call(ctx, 'POST', '/api/auth/request-password-reset', {
      payload: { email, redirectTo: `${APP_URL}/reset-password` },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const token = /reset-password\/([^?\s]+)/.exec(row?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    return token!;
  }

  function reset(token: string, newPassword: string) {
    return call(ctx, 'POST', '/api/auth/reset-password', { payload: { token, newPassword } });
  }

  it('revokes every other link of the account when one is used', async () => {
    const user = await createUser(ctx, 'customer');
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect((await reset(newer, 'second-password')).statusCode).toBe(200);
    const stale = await reset(older, 'attacker-password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe('Invalid token');
    await signIn(ctx.app, user.email, 'second-password');
  });

  it('revokes every link of the account when the password is changed', async () => {
    const user = await createUser(ctx, 'customer');
    const outstanding = await resetToken(user.email);
    const changed = await call(ctx, 'POST', '/api/auth/change-password', {
      cookie: user.cookie,
      payload: { currentPassword: user.password, newPassword: 'changed-password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await reset(outstanding, 'attacker-password')).statusCode).toBe(400);
    await signIn(ctx.app, user.email, 'changed-password');
  });

  it("leaves other accounts' links alone", async () => {
    const user = await createUser(ctx, 'customer');
    const other = await createUser(ctx, 'customer');
    const othersLink = await resetToken(other.email);
    const mine = await resetToken(user.email);
    expect((await reset(mine, 'my-new-password')).statusCode).toBe(200);
    expect((await reset(othersLink, 'their-new-password')).statusCode).toBe(200);
  });
});

describe('6. no input gives a 500', () => {
  it('answers an over-long or malformed path parameter in the API error shape', async () => {
    const customer = await createUser(ctx, 'customer');
    const long = await call(ctx, 'GET', `/api/checkout/sessions/${'x'.repeat(100_000)}`, {
      cookie: customer.cookie,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The address is too long.' },
    });
    const malformed = await call(ctx, 'GET', '/checkout/local/%E0%A4%A', {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The address is not valid.' },
    });
  });

  const deep = `${'['.repeat(120_000)}${']'.repeat(120_000)}`;
  const deepInObject = `{"email":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;

  it('answers a deeply nested JSON body with 400 on every route that takes a body', async () => {
    const superAdmin = await createUser(ctx, 'super_admin');
    // The technician's own routes refuse everyone else before reading a body: ask as one.
    const technician = await createUser(ctx, 'technician');
    const technicianOnly = new Set(
      ctx.app.ctx.routes.filter((r) => r.access === 'job:work:own').map((r) => r.url),
    );
    const targets: [Method, string][] = [
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/request-password-reset'],
      ['POST', '/api/auth/reset-password'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/change-password'],
      ...ctx.app.ctx.routes
        .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.url.startsWith('/api/'))
        .map((r): [Method, string] => [r.method as Method, r.url]),
    ];
    // The local checkout's form takes a few hundred bytes of form fields, never JSON: anything
    // this big is refused as too large before it is read.
    const form = await call(ctx, 'POST', '/checkout/local/x', { payload: deep });
    expect(form.statusCode).toBe(413);
    for (const [method, route] of targets) {
      const url = route.replace(/:\w+/g, 'x');
      const cookie = technicianOnly.has(route) ? technician.cookie : superAdmin.cookie;
      for (const payload of [deep, deepInObject]) {
        const response = await call(ctx, method, url, { payload, cookie });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toEqual({
          error: { code: 'BAD_REQUEST', message: 'The request body is nested too deeply.' },
        });
      }
    }
  });

  it('refuses a NUL character in any text field with 422, changing nothing', async () => {
    const superAdmin = await createUser(ctx, 'super_admin');
    const customer = await createUser(ctx, 'customer');
    const [profile] = await ctx.database.db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.userId, customer.userId));
    const cases: [Method, string, unknown, string][] = [
      [
        'POST',
        '/api/services',
        { name: 'Tyre\u0000 check', icon: 'Wrench', price: 10, duration: '30 minutes' },
        'name',
      ],
      [
        'PUT',
        '/api/business',
        {
          name: 'Pit\u0000stop',
          phone: '(555) 123-4567',
          email: 'a@example.com',
          timeZone: 'UTC',
          capacity: 2,
          hours: {},
        },
        'name',
      ],
      ['PATCH', `/api/users/${profile!.id}`, { name: 'A\u0000' }, 'name'],
      ['GET', '/api/users?search=%00', undefined, 'search'],
      ['POST', '/api/auth/update-user', { name: 'A\u0000' }, 'name'],
      [
        'POST',
        '/api/auth/sign-up/email',
        { email: uniqueEmail('nul'), password: 'password123', name: 'A\u0000' },
        'name',
      ],
      [
        'POST',
        '/api/auth/sign-in/email',
        { email: 'a@example.com', password: 'pa\u0000ss' },
        'password',
      ],
      [
        'POST',
        '/api/setup',
        {
          name: 'A\u0000',
          email: 'a@example.com',
          password: 'pass123',
          confirmPassword: 'pass123',
        },
        'name',
      ],
      ['POST', '/api/services', { includes: ['ok', 'b\u0001ad'] }, 'includes.1'],
    ];
    const before = await fingerprintTables(ctx);
    for (const [method, url, payload, field] of cases) {
      const response = await call(ctx, method, url, { payload, cookie: superAdmin.cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(422);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION',
          message: CONTROL_CHARACTERS_REFUSED,
          fields: { [field]: CONTROL_CHARACTERS_REFUSED },
        },
      });
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('answers NUL in the path, query or body of every route with a 4xx in the error shape', async () => {
    const superAdmin = await createUser(ctx, 'super_admin');
    const text = 'x\u0000';
    const body = { name: text, email: text, password: text, search: text, description: text };
    for (const route of ctx.app.ctx.routes) {
      const method = route.method as Method;
      const url = `${route.url.replace(/:\w+/g, 'x%00')}?search=%00`;
      const response = await call(ctx, method, url, {
        cookie: superAdmin.cookie,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body }),
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(response.json().error.code, `${method} ${url}`).toBeTruthy();
    }
  });

  it('still takes tabs and line breaks in text', async () => {
    const superAdmin = await createUser(ctx, 'super_admin');
    const response = await call(ctx, 'POST', '/api/services', {
      cookie: superAdmin.cookie,
      payload: {
        name: 'Wiper blades',
        icon: 'Wrench',
        description: 'Front\tand rear.\r\nBoth sides.',
        duration: '15 minutes',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('7. every stored text has a length limit', () => {
  it("refuses a sign-up whose name is longer than the forms allow, and an update-user's too", async () => {
    const before = await fingerprintTables(ctx);
    for (const name of ['x'.repeat(250_000), 'x'.repeat(PERSON_NAME_MAX_LENGTH + 1)]) {
      const response = await call(ctx, 'POST', '/api/auth/sign-up/email', {
        payload: { email: uniqueEmail('long'), password: 'password123', name },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('VALIDATION');
      expect(Object.keys(response.json().error.fields)).toEqual(['name']);
    }
    expect(await fingerprintTables(ctx)).toEqual(before);

    const user = await createUser(ctx, 'customer');
    const tooLong = await call(ctx, 'POST', '/api/auth/update-user', {
      cookie: user.cookie,
      payload: { name: 'x'.repeat(PERSON_NAME_MAX_LENGTH + 1) },
    });
    expect(tooLong.statusCode).toBe(422);
    const [stored] = await ctx.database.db
      .select({ name: authUsers.name })
      .from(authUsers)
      .where(eq(authUsers.id, user.userId));
    expect(stored?.name).toBe('Test customer');

    const fits = await call(ctx, 'POST', '/api/auth/sign-up/email', {
      payload: {
        email: uniqueEmail('fits'),
        password: 'password123',
        name: 'x'.repeat(PERSON_NAME_MAX_LENGTH),
      },
    });
    expect(fits.statusCode).toBe(200);
  });

  it('refuses any text far beyond every field, on fields the auth library stores unchecked', async () => {
    const response = await call(ctx, 'POST', '/api/auth/sign-up/email', {
      payload: {
        email: uniqueEmail('image'),
        password: 'password123',
        name: '',
        image: `https://example.com/${'x'.repeat(10_000)}`,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({ image: 'Text is too long' });
  });
});

describe('8. session tokens stay in the cookie; the API map is for staff in production', () => {
  it('sends no session token in the JSON of sign-in, get-session and list-sessions', async () => {
    const user = await createUser(ctx, 'customer');
    const signedIn = await call(ctx, 'POST', '/api/auth/sign-in/email', {
      payload: { email: user.email, password: user.password },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(user.email);
    const session = await call(ctx, 'GET', '/api/auth/get-session', { cookie: user.cookie });
    expect(session.json().user.email).toBe(user.email);
    const sessions = await call(ctx, 'GET', '/api/auth/list-sessions', { cookie: user.cookie });
    expect(sessions.json().length).toBeGreaterThan(0);
    const cookieToken = decodeURIComponent(
      /pitstop\.session_token=([^;.]+)/.exec(user.cookie)?.[1] ?? '',
    );
    expect(cookieToken.length).toBeGreaterThan(10);
    for (const response of [signedIn, session, sessions]) {
      expect(response.body).not.toContain('"token"');
      expect(response.body).not.toContain(cookieToken);
    }
  });

  it('serves /api/docs in production to signed-in staff only', async () => {
    const production = await createTestContext({ NODE_ENV: 'production' });
    try {
      const customer = await createUser(production, 'customer');
      const manager = await createUser(production, 'manager');
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
        const anonymous = await call(production, 'GET', url);
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
        const asCustomer = await call(production, 'GET', url, { cookie: customer.cookie });
        expect(asCustomer.statusCode, url).toBe(403);
        const asStaff = await call(production, 'GET', url, { cookie: manager.cookie });
        expect(asStaff.statusCode, url).toBe(200);
      }
      // Outside production the docs stay public.
      expect((await call(ctx, 'GET', '/api/docs/json')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
