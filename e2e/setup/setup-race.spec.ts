// First-admin setup on an empty database: racing setups make exactly one super admin.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../fixtures/empty-server.ts';

test('racing setups create exactly one super admin', async ({ request, server }) => {
  const origin = { origin: server.url };
  expect(await (await request.get('/api/setup')).json()).toEqual({ available: true });

  const tag = randomBytes(3).toString('hex');
  const attempts = ['one', 'two', 'three'].map((n) => ({
    name: `Admin ${n}`,
    email: `admin-${n}-${tag}@example.com`,
    password: 'secret12',
    confirmPassword: 'secret12',
  }));
  const responses = await Promise.all(
    attempts.map((data) => request.post('/api/setup', { data, headers: origin })),
  );
  expect(responses.map((r) => r.status()).sort()).toEqual([201, 409, 409]);
  expect(await (await request.get('/api/setup')).json()).toEqual({ available: false });

  const winner = attempts[responses.findIndex((r) => r.status() === 201)];
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: winner?.email, password: winner?.password },
    headers: origin,
  });
  expect(signIn.ok()).toBe(true);
  const me = (await (await request.get('/api/me')).json()) as { viewer: { role: string } | null };
  expect(me.viewer?.role).toBe('super_admin');
});
