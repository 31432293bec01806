// The benchmark's two signed-in people, made through the API on a fresh database: the first admin
// (first-admin setup, which a server on 127.0.0.1 allows without a setup code) and a customer
// (sign-up, then sign-in). Their session cookies stay valid across restarts, since sessions are
// database rows signed with the benchmark's fixed SESSION_SECRET.

const PASSWORD = 'bench-password-1234';
const ADMIN = { name: 'Bench Admin', email: 'admin@bench.example' };
/** A common name, so the admin's search on it behaves as in life (data.mjs adds namesakes). */
const CUSTOMER = {
  firstName: 'Maria',
  lastName: 'Garcia',
  email: 'maria.garcia@bench.example',
};

/** @typedef {{ cookie: string }} Session */

async function post(url, path, body, cookie) {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // The cross-site guard wants a state-changing request from the app's own origin.
      origin: url,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** The `pitstop.session_token` cookie of a sign-in, as a Cookie header. */
async function signIn(url, email) {
  const response = await post(url, '/api/auth/sign-in/email', { email, password: PASSWORD });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('pitstop.session_token='));
  if (!cookie) throw new Error(`signing in as ${email} set no session cookie`);
  return cookie;
}

async function currentUserId(url, cookie) {
  const response = await fetch(`${url}/api/me`, { headers: { cookie } });
  const { viewer } = await response.json();
  if (!viewer) throw new Error('the session cookie signs no one in');
  return viewer.userId;
}

/**
 * @returns {Promise<{ admin: Session, customer: Session & typeof CUSTOMER & { userId: string } }>}
 */
export async function createAccounts(url) {
  await post(url, '/api/setup', { ...ADMIN, password: PASSWORD, confirmPassword: PASSWORD });
  const name = `${CUSTOMER.firstName} ${CUSTOMER.lastName}`;
  await post(url, '/api/auth/sign-up/email', { name, email: CUSTOMER.email, password: PASSWORD });
  const customerCookie = await signIn(url, CUSTOMER.email);
  return {
    admin: { cookie: await signIn(url, ADMIN.email) },
    customer: {
      ...CUSTOMER,
      cookie: customerCookie,
      userId: await currentUserId(url, customerCookie),
    },
  };
}
