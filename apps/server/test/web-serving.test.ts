// The server hands the built single-page app to the browser; API paths never fall back to it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfile } from '../src/db/schema.ts';
import { createTestContext, createUser } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'pitstop-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Pitstop</title></head><body><div id="root"></div></body></html>',
  );
  // What apps/web/build/route-preloads.ts writes: each page's code beyond the entry.
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      login: ['assets/login-page-1.js', 'assets/form-2.js'],
      home: ['assets/home-3.js'],
    }),
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What apps/web/build/precompress.ts writes beside each asset.
  writeFileSync(
    path.join(dist, 'assets', 'app-abc123.js.br'),
    brotliCompressSync(Buffer.from('console.log(1)')),
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  ctx = await createTestContext({}, { webDist: dist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it("limits the API's requests per address, never a page's files", async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: '3' }, { webDist: dist });
    try {
      const api = [];
      for (let i = 0; i < 4; i++) {
        api.push((await limited.app.inject({ method: 'GET', url: '/api/services' })).statusCode);
      }
      expect(api).toEqual([200, 200, 200, 429]);
      for (const url of ['/assets/app-abc123.js', '/', '/login', '/assets/app-abc123.js']) {
        expect((await limited.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/', '/admin/users', '/services?x=1', '/admin/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names the page's own code in its HTML, so it loads with the entry", async () => {
    const login = await ctx.app.inject({ method: 'GET', url: '/login?next=/booking' });
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-page-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/form-2.js">' +
        '<link rel="preload" as="fetch" crossorigin href="/api/me">' +
        '<link rel="preload" as="fetch" crossorigin href="/api/business"></head>',
    );
    expect(login.body).not.toContain('/api/services');
    const services = await ctx.app.inject({ method: 'GET', url: '/services' });
    expect(services.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/services">',
    );
    expect(login.body).not.toContain('home-3.js');
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('href="/assets/home-3.js"');
    expect(home.body).not.toContain('login-page-1.js');
    // A page without its own list gets no code preloads; an unknown page index.html as built.
    const users = await ctx.app.inject({ method: 'GET', url: '/admin/users' });
    expect(users.body).not.toContain('modulepreload');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.body).not.toContain('<link rel="');
  });

  it('names only the API reads its visitor may make, so one sent away asks nothing refused', async () => {
    const preloaded = async (url: string, user?: TestUser) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: user ? { cookie: user.cookie } : {},
      });
      expect(response.headers.vary).toContain('cookie');
      return [...response.body.matchAll(/rel="preload" as="fetch" crossorigin href="([^"]+)"/g)]
        .map((match) => match[1])
        .filter((read) => read !== '/api/me' && read !== '/api/business');
    };
    const [customer, technician, manager] = await Promise.all(
      (['customer', 'technician', 'manager'] as const).map((role) => createUser(ctx, role)),
    );

    // The technicians' cards: staff only.
    expect(await preloaded('/admin/technicians')).toEqual([]);
    expect(await preloaded('/admin/technicians', customer)).toEqual([]);
    expect(await preloaded('/admin/technicians', technician)).toEqual([]);
    expect(await preloaded('/admin/technicians', manager)).toEqual(['/api/technicians']);
    // The profile: anyone signed in.
    expect(await preloaded('/profile')).toEqual([]);
    expect(await preloaded('/profile', customer)).toEqual([
      '/api/profile',
      '/api/appointments/mine',
    ]);
    // A technician's own pages.
    expect(await preloaded('/technician-dashboard', customer)).toEqual([]);
    expect(await preloaded('/technician-dashboard', technician)).toEqual([
      '/api/technician/dashboard',
    ]);
    // Public reads are named for everyone, without a session.
    expect(await preloaded('/services')).toEqual(['/api/services']);

    // Staff the business requires a second factor of are sent to set it up first.
    await ctx.database.db.update(businessProfile).set({ requireStaffTwoFactor: true });
    try {
      await expect.poll(() => preloaded('/admin/technicians', manager)).toEqual([]);
    } finally {
      await ctx.database.db.update(businessProfile).set({ requireStaffTwoFactor: false });
    }
  });

  it('answers an unknown page with the app (its own not-found page) and status 404', async () => {
    for (const url of ['/no/such/page', '/admin/nothing', '/servicesx', '/rate/', '/rate/a/b']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
    // A page with a parameter (a rating link) is a page whatever its token.
    const rating = await ctx.app.inject({ method: 'GET', url: '/rate/abc_DEF-123' });
    expect(rating.statusCode).toBe(200);
  });

  it('sends the precompressed copy a browser accepts, and the plain file to others', async () => {
    const url = '/assets/app-abc123.js';
    const br = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('gives unknown API paths and missing files a 404, not the app', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const post = await ctx.app.inject({ method: 'POST', url: '/admin', payload: {} });
    expect(post.statusCode).toBe(404);
    const file = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('<div id="root">');
  });
});
