// Requests from another site change nothing: every state-changing request a browser sends from a
// page of another origin gets 403 in the API error shape, and every table stays as it was. Each
// kind of route is covered (the auth proxy, JSON API routes, first-admin setup), and each request
// is then sent again from the app's own origin to show it was a valid one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, userProfiles } from '../src/db/schema.ts';
import {
  APP_URL,
  createTestContext,
  createUser,
  fingerprintTables,
  signIn,
  uniqueEmail,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

const REFUSED = { error: { code: 'FORBIDDEN', message: 'Cross-site request refused.' } };

// What a browser sends from a page that is not the app's own origin.
const CROSS_SITE: Record<string, Record<string, string>> = {
  'another site': { origin: 'https://evil.example' },
  'another port of the same host': { origin: 'http://localhost:3001' },
  'an opaque origin': { origin: 'null' },
  'an opaque origin from another site': { origin: 'null', 'sec-fetch-site': 'cross-site' },
  'no Origin, Sec-Fetch-Site cross-site': { 'sec-fetch-site': 'cross-site' },
  'no Origin, Sec-Fetch-Site same-site': { 'sec-fetch-site': 'same-site' },
};

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Case {
  method: Method;
  url: string;
  payload?: object;
  cookie?: string;
  /** The status the same request gets from the app's own origin. */
  allowed: number;
}

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'super_admin');
  customer = await createUser(ctx, 'customer');
});
afterAll(async () => {
  await ctx?.close();
});

async function send(target: TestContext, request: Case, headers: Record<string, string>) {
  return target.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...headers, ...(request.cookie ? { cookie: request.cookie } : {}) },
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

/** Refused from every cross-site variant with every table unchanged, then allowed from the app. */
async function expectRefusedCrossSite(target: TestContext, request: Case) {
  for (const [variant, headers] of Object.entries(CROSS_SITE)) {
    const before = await fingerprintTables(target);
    const response = await send(target, request, headers);
    expect(response.statusCode, variant).toBe(403);
    expect(response.json(), variant).toEqual(REFUSED);
    expect(response.headers['set-cookie'], variant).toBeUndefined();
    expect(await fingerprintTables(target), `${variant} changed rows`).toEqual(before);
  }
  const ownOrigin = await send(target, request, { origin: APP_URL });
  expect(ownOrigin.statusCode, ownOrigin.body).toBe(request.allowed);
}

describe('a form posted to its own site with an opaque Origin', () => {
  // Chromium sends `Origin: null` for a plain HTML form post under some referrer policies; the
  // local checkout's card form is one. Sec-Fetch-Site still says it came from this origin.
  it('is let through when Sec-Fetch-Site says same-origin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/checkout/local/cs_local_unknown',
      headers: {
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'cardNumber=4242424242424242',
    });
    expect(response.statusCode).not.toBe(403);
  });
});

async function profileIdOf(userId: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row!.id;
}

async function me(cookie: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return response.json().viewer as { email: string } | null;
}

describe('the auth proxy', () => {
  it('refuses a cross-site sign-up', async () => {
    await expectRefusedCrossSite(ctx, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail('csrf'), password: 'password123', name: '' },
      allowed: 200,
    });
  });

  it('refuses a cross-site sign-in (no session is made)', async () => {
    await expectRefusedCrossSite(ctx, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: customer.email, password: customer.password },
      allowed: 200,
    });
  });

  it('refuses a cross-site sign-out (the session goes on)', async () => {
    const cookie = await signIn(ctx.app, customer.email, customer.password);
    await expectRefusedCrossSite(ctx, {
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie,
      allowed: 200,
    });
    // Only the same-origin sign-out at the end ended it.
    expect(await me(cookie)).toBeNull();
  });

  it('refuses a cross-site password-reset request (no e-mail is queued)', async () => {
    await expectRefusedCrossSite(ctx, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: customer.email, redirectTo: `${APP_URL}/reset-password` },
      allowed: 200,
    });
  });

  it('refuses a cross-site password reset (the token and the password stay)', async () => {
    const user = await createUser(ctx, 'customer');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: APP_URL },
      payload: { email: user.email, redirectTo: `${APP_URL}/reset-password` },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.email));
    const link = /https?:\/\/\S+reset-password\/\S+/.exec(mail!.text)![0];
    const follow = await ctx.app.inject({ method: 'GET', url: link.replace(APP_URL, '') });
    const token = new URL(follow.headers.location as string).searchParams.get('token');
    expect(token).toBeTruthy();

    await expectRefusedCrossSite(ctx, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'chosen-by-attacker' },
      allowed: 200,
    });
  });
});

describe('links that lead elsewhere', () => {
  // A reset or verification link whose callbackURL names another site would send the person who
  // follows it there (an open redirect, for phishing). The auth library refuses such a URL; it
  // skips that check under NODE_ENV=test unless told not to (lib/auth.ts).
  const FOREIGN = ['https://evil.example/x', '//evil.example', 'javascript:alert(1)'];

  it('refuses a callbackURL to another site on the links e-mails carry, redirecting nowhere', async () => {
    for (const callbackURL of FOREIGN) {
      const target = encodeURIComponent(callbackURL);
      for (const url of [
        `/api/auth/verify-email?token=not-a-token&callbackURL=${target}`,
        `/api/auth/reset-password/not-a-token?callbackURL=${target}`,
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(403);
        expect(response.headers.location, url).toBeUndefined();
      }
    }
    // The app's own pages stay reachable that way.
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent('/reset-password')}`,
    });
    expect(own.statusCode).toBe(302);
    expect(new URL(own.headers.location as string, APP_URL).origin).toBe(APP_URL);
  });

  it('refuses to e-mail a reset link that would lead to another site', async () => {
    const before = await fingerprintTables(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: APP_URL },
      payload: { email: customer.email, redirectTo: 'https://evil.example/reset' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(await fingerprintTables(ctx)).toEqual(before);
  });
});

describe('JSON API routes', () => {
  it('refuses a cross-site POST /api/services from a signed-in super admin', async () => {
    await expectRefusedCrossSite(ctx, {
      method: 'POST',
      url: '/api/services',
      cookie: admin.cookie,
      payload: {
        name: 'Cross Site Special',
        icon: 'Wrench',
        description: 'Should never be added from another site',
        price: 10,
        duration: '45 minutes',
        includes: ['Nothing'],
      },
      allowed: 201,
    });
  });

  it('refuses a cross-site PUT /api/business', async () => {
    const current = (await ctx.app.inject({ method: 'GET', url: '/api/business' })).json();
    await expectRefusedCrossSite(ctx, {
      method: 'PUT',
      url: '/api/business',
      cookie: admin.cookie,
      payload: { ...current, name: 'Hijacked Motors', email: 'evil@example.com' },
      allowed: 200,
    });
  });

  it('refuses a cross-site DELETE /api/users/:id', async () => {
    const victim = await createUser(ctx, 'customer');
    await expectRefusedCrossSite(ctx, {
      method: 'DELETE',
      url: `/api/users/${await profileIdOf(victim.userId)}`,
      cookie: admin.cookie,
      allowed: 204,
    });
  });

  it('refuses before anything else looks at the request: access, body parsing, routing', async () => {
    const evil = { origin: 'https://evil.example' };
    const cases = [
      // Signed out: the access check would say 401.
      { method: 'POST' as const, url: '/api/services', payload: {} },
      // Malformed JSON: the body parser would say 400.
      {
        method: 'PATCH' as const,
        url: '/api/users/00000000-0000-4000-8000-000000000000',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      },
      // No such route: 404.
      { method: 'DELETE' as const, url: '/api/nothing-here' },
    ];
    for (const { headers, ...request } of cases) {
      const response = await ctx.app.inject({ ...request, headers: { ...evil, ...headers } });
      expect(response.statusCode, request.url).toBe(403);
      expect(response.json()).toEqual(REFUSED);
      // The refusal carries the same security headers as every other answer.
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('first-admin setup', () => {
  it('refuses a cross-site POST /api/setup on an empty database, which stays open', async () => {
    const empty = await createTestContext();
    try {
      await expectRefusedCrossSite(empty, {
        method: 'POST',
        url: '/api/setup',
        payload: {
          name: 'Cross Site Owner',
          email: uniqueEmail('owner'),
          password: 'secret12',
          confirmPassword: 'secret12',
        },
        allowed: 201,
      });
    } finally {
      await empty.close();
    }
  });
});

describe('what is not refused', () => {
  it('lets reads through whatever site asks', async () => {
    for (const headers of Object.values(CROSS_SITE)) {
      const business = await ctx.app.inject({ method: 'GET', url: '/api/business', headers });
      expect(business.statusCode).toBe(200);
      const viewer = await ctx.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { ...headers, cookie: customer.cookie },
      });
      expect(viewer.statusCode).toBe(200);
    }
  });

  it('lets clients that are not browser pages change things (no Origin, no Sec-Fetch-Site)', async () => {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Script Added',
        icon: 'Filter',
        description: 'Added by a script',
        price: 12,
        duration: '30 minutes',
        includes: [],
      },
    });
    expect(added.statusCode).toBe(201);
  });

  it('lets the app’s own pages change things (same origin, by header or by Sec-Fetch-Site)', async () => {
    const variants = [{ origin: APP_URL }, { 'sec-fetch-site': 'same-origin' }];
    for (const [i, headers] of variants.entries()) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/services',
        headers: { ...headers, cookie: admin.cookie },
        payload: {
          name: `Own Page ${i}`,
          icon: 'Gauge',
          description: 'Added from the app',
          price: 15,
          duration: '30 minutes',
          includes: [],
        },
      });
      expect(added.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });
});
