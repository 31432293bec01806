// The eight attacks of a hostile tester (issue 9), each reproduced and shown refused: limits
// dodged by spelling a path differently, reset links read from an open dev mailbox, a fresh
// install locked out by one sign-up, accounts told apart by setup's answers or by timing, old
// reset links that still work, inputs that gave a 500, texts without a length limit, and
// session tokens or the API's map handed to anyone who asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTROL_CHARACTERS_REFUSED, PERSON_NAME_MAX_LENGTH } from '@pitstop/shared/text';
import { authUsers, userProfiles } from '../src/db/schema.ts';
import {
  APP_URL,
  createTestContext,
  createUser,
  fingerprintTables,
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

describe('6. no input gives a 500', () => {
  const deep = `${'['.repeat(120_000)}${']'.repeat(120_000)}`;
  const deepInObject = `{"email":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;

  it('answers a deeply nested JSON body with 400 on every route that takes a body', async () => {
    const superAdmin = await createUser(ctx, 'super_admin');
    const targets: [Method, string][] = [
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/request-password-reset'],
      ['POST', '/api/auth/reset-password'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/change-password'],
      ...ctx.app.ctx.routes
        .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))
        .map((r): [Method, string] => [r.method as Method, r.url.replace(/:\w+/g, 'x')]),
    ];
    for (const [method, url] of targets) {
      for (const payload of [deep, deepInObject]) {
        const response = await call(ctx, method, url, { payload, cookie: superAdmin.cookie });
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
