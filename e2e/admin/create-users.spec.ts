// User Management through the API, as the fixtures use it: a super admin creates users of every
// role, each can sign in (the session cookie lands in the browser), and no one else may create users.
import { ROLES } from '@pitstop/shared/roles';
import { expect, test } from '../fixtures/test.ts';

test('a super admin creates a user of every role, and each can sign in', async ({
  api,
  page,
  signIn,
}) => {
  for (const role of ROLES) {
    const user = await api.createUser(role);
    await page.context().clearCookies();
    await signIn(page, user);

    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name.endsWith('session_token'))?.httpOnly).toBe(true);
    const me = (await (await page.request.get('/api/me')).json()) as {
      viewer: { email: string; role: string } | null;
    };
    expect(me.viewer).toMatchObject({ email: user.email, role });
  }
});

test('only a super admin may create users', async ({ api }) => {
  for (const role of ['customer', 'technician', 'manager', 'admin'] as const) {
    const user = await api.createUser(role);
    const request = await api.requestAs(user);
    const response = await request.post('/api/users', {
      data: {
        name: 'Sneaky',
        email: api.uniqueEmail('sneaky'),
        password: 'password1',
        role: 'super_admin',
      },
    });
    expect(response.status(), `POST /api/users as ${role}`).toBe(403);
  }
});
