// Who `npm run check:size` and `npm run lighthouse` open each page as: a page is measured as
// someone who may see it, not as the redirect everyone else gets. On a fresh server, makes the
// accounts through the API the way people make them: the first admin by first-admin setup (a
// server on the loopback asks no setup code), a customer by signing up, a manager by the super
// admin's user management, technicians by invitation (the link, a password, onboarding), and a
// customer's paid booking through the local checkout, whose return address /checkout-success
// shows. The same calls as e2e/super-admin.setup.ts and e2e/fixtures (api.ts, business-day.ts).
import { randomUUID } from 'node:crypto';

const PASSWORD = 'page-weight-password';

/** Signed in as nobody: public pages, and the visitor an invitation link is for. */
export const SIGNED_OUT = 'signed out';

/**
 * The visitor each page is opened as, and the address when the page is reached with more than
 * its path (`url`: a function of the accounts made). Pages not listed are public: signed out.
 */
const PAGE_VISITORS = {
  '/set-technician-password': {
    visitor: SIGNED_OUT,
    note: 'invitation link',
    url: (made) => made.invitationPath,
  },
  // A customer's rating link, signed out; a token nobody was sent shows the same page's code.
  '/rate/:token': {
    visitor: SIGNED_OUT,
    note: 'rating link',
    url: () => '/rate/page-weight-token',
  },
  // A reminder e-mail's stop link, signed out; the page asks nothing until its button is pressed.
  '/reminders/stop/:vehicleId/:signature': {
    visitor: SIGNED_OUT,
    note: 'reminder stop link',
    url: () => '/reminders/stop/00000000-0000-4000-8000-000000000000/page-weight-signature',
  },
  '/user-cleanup': { visitor: 'super_admin' },
  '/checkout-success': {
    visitor: 'customer',
    note: 'after paying',
    url: (made) => made.checkoutSuccessPath,
  },
  '/profile': { visitor: 'customer' },
  '/admin': { visitor: 'manager' },
  '/admin/services': { visitor: 'super_admin' },
  '/admin/business-profile': { visitor: 'super_admin' },
  '/admin/users': { visitor: 'super_admin' },
  '/admin/technicians': { visitor: 'super_admin' },
  '/admin/appointments': { visitor: 'super_admin' },
  '/manager/appointments': { visitor: 'manager' },
  '/admin/analytics': { visitor: 'manager' },
  '/admin/metrics/today-appointments': { visitor: 'manager' },
  '/admin/metrics/active-technicians': { visitor: 'manager' },
  '/admin/metrics/completion-rate': { visitor: 'manager' },
  '/admin/metrics/service-time': { visitor: 'manager' },
  '/technician-onboarding': { visitor: 'technician (new)' },
  '/technician-dashboard': { visitor: 'technician' },
  '/tech-portal/dashboard': { visitor: 'technician' },
};

/** How `pagePath` is visited: as whom (with a note), and the address to open. */
export function visitOf(pagePath, made) {
  const entry = PAGE_VISITORS[pagePath] ?? { visitor: SIGNED_OUT };
  return {
    visitor: entry.visitor,
    label: entry.note ? `${entry.visitor}, ${entry.note}` : entry.visitor,
    url: entry.url ? entry.url(made) : pagePath,
  };
}

/** The pages that need accounts, so a run measuring only public pages makes none. */
export function needsAccounts(pagePaths) {
  return pagePaths.some((pagePath) => pagePath in PAGE_VISITORS);
}

/** Whether a page with parameters (`/rate/:token`) has an address to visit it by. */
export function hasAddress(pagePath) {
  return typeof PAGE_VISITORS[pagePath]?.url === 'function';
}

function client(origin) {
  /** One API call; throws with the answer unless its status is `expect`'s (by default any 2xx). */
  return async function call(method, path, { body, form, cookies = [], expect } = {}) {
    const headers = { origin, accept: 'application/json' };
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    let payload;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(origin + path, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    const text = await response.text();
    const isExpected = expect ? expect.includes(response.status) : response.ok;
    if (!isExpected) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    const setCookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
    return { status: response.status, json: text ? JSON.parse(text) : undefined, setCookies };
  };
}

/**
 * Makes every kind of visitor on a fresh server at `origin`. Returns each visitor's session
 * cookies (`name=value`, none when signed out) and the addresses pages are reached by.
 */
export async function makeVisitors(origin) {
  const call = client(origin);
  const signIn = async (email, password = PASSWORD) =>
    (await call('POST', '/api/auth/sign-in/email', { body: { email, password } })).setCookies;
  const email = (who) => `page-weight-${who}@example.com`;

  await call('POST', '/api/setup', {
    body: {
      name: 'Page Weight Admin',
      email: email('super-admin'),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  const superAdmin = await signIn(email('super-admin'));

  await call('POST', '/api/auth/sign-up/email', {
    body: { name: 'Page Weight Customer', email: email('customer'), password: PASSWORD },
  });
  const customer = await signIn(email('customer'));

  await call('POST', '/api/users', {
    cookies: superAdmin,
    body: {
      name: 'Page Weight Manager',
      email: email('manager'),
      password: PASSWORD,
      role: 'manager',
      phone: '',
    },
  });
  const manager = await signIn(email('manager'));

  /** Invites a technician; returns the set-password link's path (the e-mail's, answered here). */
  const invite = async (who) => {
    const { json } = await call('POST', '/api/technicians/invitations', {
      cookies: superAdmin,
      body: { name: `Page Weight ${who}`, email: email(who) },
    });
    const resent = await call('POST', `/api/technicians/${json.technician.id}/invitation`, {
      cookies: superAdmin,
      body: {},
    });
    const link = new URL(resent.json.loginLink, origin);
    return `${link.pathname}${link.search}`;
  };
  const acceptInvitation = async (invitationPath) => {
    const token = new URL(invitationPath, origin).searchParams.get('token');
    const accepted = await call('POST', '/api/technician-invitations/accept', {
      body: { token, password: PASSWORD, confirmPassword: PASSWORD },
    });
    return accepted.setCookies;
  };

  const newTechnician = await acceptInvitation(await invite('new-technician'));
  const technician = await acceptInvitation(await invite('technician'));
  const business = await call('GET', '/api/business');
  await call('PUT', '/api/technician/onboarding', {
    cookies: technician,
    body: {
      name: 'Page Weight Technician',
      phone: '5551234567',
      street: '12 Wrench Way',
      city: 'Springfield',
      zipCode: '12345',
      homeZip: '30303',
      serviceAreaIds: [business.json.serviceAreas[0].id],
      password: PASSWORD,
      confirmPassword: PASSWORD,
      emergencyContact: 'Pat Technician',
      emergencyPhone: '(555) 765-4321',
    },
  });
  const invitationPath = await invite('invited-technician');

  const checkoutSuccessPath = await paidBooking(call, customer, email('customer'));

  return {
    cookies: {
      [SIGNED_OUT]: [],
      customer,
      manager,
      super_admin: superAdmin,
      technician,
      'technician (new)': newTechnician,
    },
    invitationPath,
    checkoutSuccessPath,
  };
}

/** Books the first free slot from the day after tomorrow on and pays at the local checkout; the return path. */
async function paidBooking(call, customer, email) {
  let slot;
  for (let days = 2; days <= 30 && !slot; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { json } = await call('GET', `/api/booking/slots?date=${date}`, { cookies: customer });
    if (json.slots.length > 0) slot = { date, time: json.slots[0] };
  }
  if (!slot) throw new Error('no free booking slot in the next 30 days');
  const { json } = await call('POST', '/api/bookings', {
    cookies: customer,
    body: {
      firstName: 'Avery',
      lastName: 'Driver',
      email,
      phone: '5551234567',
      address: '12 Elm Street',
      city: 'Springfield',
      zipCode: '12345',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleYear: '2019',
      vehicleColor: 'Silver',
      licensePlate: 'PAGE1',
      services: ['basic-oil-change'],
      ...slot,
      description: 'Blue gate, side entrance',
      idempotencyKey: randomUUID(),
    },
  });
  const sessionId = new URL(json.checkoutUrl, 'http://checkout').pathname.split('/').at(-1);
  await call('POST', `/checkout/local/${sessionId}`, {
    cookies: customer,
    form: {
      email,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      cvc: '123',
      cardName: 'Avery Driver',
    },
    expect: [303],
  });
  return `/checkout-success?session_id=${encodeURIComponent(sessionId)}`;
}
