// Stored text is shown as text everywhere: markup is stored through the API in every free-text
// field the product keeps and shows, and every page that shows it is opened in Chromium as the role
// that sees it. Each page must show the markup as literal text, open no dialog, run none of it
// (`window.__xss` stays undefined) and create none of its elements; each is scanned by axe. The
// e-mails that carry the same text are opened in the dev mailbox. Fields that refuse markup
// (decision 016 and the forms' own rules) are checked to say so.
//
// The Content Security Policy would stop an injected handler before it ran and hide the bug
// behind a CSP report: these pages are opened with it switched off, so that escaping alone is
// what is tested (other specs check the policy on the same pages).
//
// The catalogue and the business name show on every page, so each test has a server of its own;
// the technician's day needs a job today, so that server's business zone is one where it is now
// mid-day (fixtures/business-day.ts).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { PROFILE_MESSAGES } from '@pitstop/shared/profile/forms';
import { expectAccessible } from '../fixtures/accessibility.ts';
import { originOf, SUPER_ADMIN } from '../fixtures/accounts.ts';
import type { TestUser } from '../fixtures/accounts.ts';
import type { Api } from '../fixtures/api.ts';
import { appointmentsFound, CARDS, fillCard, mailbox } from '../fixtures/booking.ts';
import { expectOk, firstServiceAreaId, middayZone } from '../fixtures/business-day.ts';
import {
  expectLiteralText,
  expectNoInjection,
  payload,
  watchForInjection,
} from '../fixtures/hostile-text.ts';
import { testOnOwnServer } from '../fixtures/own-server.ts';
import { expect } from '../fixtures/test.ts';
import { DESKTOP } from '../fixtures/viewports.ts';

/**
 * Every free-text field the product stores and shows (apps/server/src/db/schema.ts, the forms in
 * packages/shared), with what it holds here. The rest cannot hold markup, and the last test checks
 * that each says so in its own words: phones, ZIP codes of profiles and onboarding, e-mail
 * addresses, years, the garage's make, model and plate (from lists, or letters and digits),
 * service durations and icons, service areas, time zones, and booking dates and times.
 * A booking's plate is stored and shown nowhere; its make and model only in the confirmation
 * e-mail. auth_user.name is never shown (the profile's name is).
 */
const STORED = {
  // business_profile.name (PUT /api/business): top bar, footer, titles, checkout, e-mails
  businessName: payload.svg('Biz'),
  // services.name, .description, .includes (POST /api/services): catalogue, booking, admin,
  // appointments (service_name), metrics, checkout, e-mails
  serviceName: payload.img('Svc'),
  serviceDescription: `${payload.script('Desc')} ${payload.markdown('and')}`,
  serviceIncludes: [payload.iframe('Inc'), payload.details('Inc2')],
  // user_profiles.name of a customer (sign-up's name, then PUT /api/profile); .address as
  // street, city (PUT /api/profile): profile, User Management, pay-now orders
  customerName: payload.img('Cust'),
  customerStreet: payload.svg('Street'),
  customerCity: payload.script('Town'),
  // vehicles.color (POST /api/vehicles; 30 characters): My Garage, the booking form's garage
  garageColor: payload.shortImg('Gar'),
  // user_profiles.name and .address through User Management (POST, PATCH /api/users)
  staffName: payload.shortMarkdown('Mgr'),
  staffAddress: `${payload.markdown('Addr')} ${payload.img('Apt')}`,
  // a technician's name (invitation), street, city and emergency contact (onboarding):
  // technicians admin, pickers, dashboards, metrics, the customer's visits, e-mails
  technicianName: payload.img('Tech'),
  technicianStreet: payload.details('TStreet'),
  technicianCity: payload.svg('TCity'),
  emergencyContact: payload.script('Kin'),
  // bookings (POST /api/bookings; 50, 200, 100, 10, 40, 60, 40, 15 and 1,000 characters), copied
  // into appointments.customer_name, .location, .vehicle_color and .description
  firstName: payload.shortImg('Ann'),
  lastName: payload.shortSvg('Lee'),
  address: payload.javascriptUrl(payload.img('Addr')),
  city: payload.iframe('Bcity'),
  // A booking's ZIP must be a US ZIP code: markup there is refused (below), not stored.
  zipCode: '12345',
  vehicleMake: payload.shortImg('Mk'),
  vehicleModel: payload.svg('Model'),
  vehicleColor: payload.shortImg('Col'),
  licensePlate: payload.tiny('PL8'),
  description: `${payload.markdown('Notes')} ${payload.img('Gate')}`,
};
/** As the appointment keeps them. */
const APPOINTMENT_CUSTOMER = `${STORED.firstName} ${STORED.lastName}`;
const APPOINTMENT_LOCATION = `${STORED.address}, ${STORED.city}, ${STORED.zipCode}`;
const SERVICE_TEXTS = [STORED.serviceName, STORED.serviceDescription, ...STORED.serviceIncludes];

const PASSWORD = 'hostile-secret';
/** What GET /api/dev/mailbox answers per message, with the parts the booking specs leave out. */
type MailWithHtml = Awaited<ReturnType<typeof mailbox>>[number] & { id: string; html: string };
const MARKUP = '<img src=x onerror=__xss=1>';
/** Markup short enough for a phone field (14 characters). */
const SHORT_MARKUP = payload.tiny('TEL');
/** Markup in a ZIP code field (10 characters at most). */
const ZIP_MARKUP = payload.tiny('ZIP');

/** A request context of its own (for a user who signs up or accepts an invitation). */
type NewContext = () => Promise<APIRequestContext>;

const test = testOnOwnServer.extend<{ newContext: NewContext }>({
  newContext: async ({ baseURL, playwright }, use) => {
    const origin = originOf(baseURL);
    const contexts: APIRequestContext[] = [];
    await use(async () => {
      const context = await playwright.request.newContext({
        baseURL: origin,
        extraHTTPHeaders: { origin },
      });
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
});

test.use({ viewport: DESKTOP, bypassCSP: true });

/** Opens `path` (or stays), then: literal text, nothing injected, axe. */
async function checkPage(
  page: Page,
  path: string | null,
  values: readonly string[],
): Promise<void> {
  if (path !== null) await page.goto(path);
  try {
    await expectLiteralText(page, values);
  } catch (error) {
    // Markup missing from the text may have become elements: say so first.
    await expectNoInjection(page);
    throw error;
  }
  await expectNoInjection(page);
  await expectAccessible(page);
  await expectNoInjection(page);
}

// ---------------------------------------------------------------- the data, through the API

interface Account {
  email: string;
  password: string;
  request: APIRequestContext;
}

interface World {
  today: string;
  staff: APIRequestContext;
  serviceId: string;
  customer: Account;
  manager?: TestUser;
}

async function json<T>(response: Promise<APIResponse>, what: string) {
  return (await (await expectOk(await response, what)).json()) as T;
}

/** The business (name, zone) and a service whose every text is markup. */
async function seedCatalogue(api: Api): Promise<Omit<World, 'customer'>> {
  const staff = await api.asSuperAdmin();
  const { timeZone, today } = middayZone();
  const business = await json<Record<string, unknown>>(staff.get('/api/business'), 'GET business');
  await expectOk(
    await staff.put('/api/business', {
      data: { ...business, name: STORED.businessName, timeZone },
    }),
    'PUT /api/business',
  );
  const { service } = await json<{ service: { id: string } }>(
    staff.post('/api/services', {
      data: {
        name: STORED.serviceName,
        icon: 'Wrench',
        description: STORED.serviceDescription,
        price: 19.99,
        duration: '30 minutes',
        includes: STORED.serviceIncludes,
      },
    }),
    'POST /api/services',
  );
  return { today, staff, serviceId: service.id };
}

/** A customer who signed up with the name, filled the profile and saved a vehicle. */
async function seedCustomer(api: Api, newContext: NewContext): Promise<Account> {
  const email = api.uniqueEmail('customer');
  const request = await newContext();
  await expectOk(
    await request.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, name: STORED.customerName },
    }),
    'sign-up',
  );
  await expectOk(
    await request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } }),
    'sign-in',
  );
  await expectOk(
    await request.put('/api/profile', {
      data: {
        name: STORED.customerName,
        phone: '5551234567',
        street: STORED.customerStreet,
        city: STORED.customerCity,
        zipCode: '12345',
      },
    }),
    'PUT /api/profile',
  );
  await expectOk(
    await request.post('/api/vehicles', {
      data: {
        make: 'Toyota',
        model: 'Camry',
        year: 2019,
        color: STORED.garageColor,
        licensePlate: 'XSS 1',
      },
    }),
    'POST /api/vehicles',
  );
  return { email, password: PASSWORD, request };
}

/** A staff member made and then edited through User Management. */
async function seedStaffMember(api: Api): Promise<TestUser> {
  const manager = await api.createUser('manager', { name: STORED.staffName });
  await expectOk(
    await (
      await api.asSuperAdmin()
    ).patch(`/api/users/${manager.id}`, {
      data: { name: STORED.staffName, phone: '', address: STORED.staffAddress },
    }),
    'PATCH /api/users/:id',
  );
  return manager;
}

/** Invites a technician named with markup; the one-time link from the e-mail. */
async function inviteTechnician(api: Api): Promise<{ email: string; link: string }> {
  const staff = await api.asSuperAdmin();
  const email = api.uniqueEmail('technician');
  await expectOk(
    await staff.post('/api/technicians/invitations', {
      data: { name: STORED.technicianName, email },
    }),
    'POST /api/technicians/invitations',
  );
  let link = '';
  await expect
    .poll(async () => {
      const message = (await mailbox(staff)).find(
        (m) => m.template === 'technician-invitation' && m.to === email,
      );
      link = message?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      return link;
    })
    .toBeTruthy();
  return { email, link };
}

/** Onboarding with markup in every free-text step, working today and on duty. */
async function onboardTechnician(request: APIRequestContext, today: string): Promise<string> {
  await expectOk(
    await request.put('/api/technician/onboarding', {
      data: {
        name: STORED.technicianName,
        phone: '5557654321',
        street: STORED.technicianStreet,
        city: STORED.technicianCity,
        zipCode: '12345',
        homeZip: '30303',
        serviceAreaIds: [await firstServiceAreaId(request)],
        password: PASSWORD,
        confirmPassword: PASSWORD,
        emergencyContact: STORED.emergencyContact,
        emergencyPhone: '5551112222',
      },
    }),
    'PUT /api/technician/onboarding',
  );
  await expectOk(
    await request.put(`/api/technician/working-days/${today}`, { data: { working: true } }),
    'PUT /api/technician/working-days/:date',
  );
  await expectOk(
    await request.put('/api/technician/duty', { data: { onDuty: true } }),
    'PUT /api/technician/duty',
  );
  const { technician } = await json<{ technician: { profileId: string } }>(
    request.get('/api/technician/dashboard'),
    'GET /api/technician/dashboard',
  );
  return technician.profileId;
}

/** Holds the first free slot from `date` on (up to a week later); the checkout's URL. */
async function bookVisit(
  customer: Account,
  serviceId: string,
  date: string,
): Promise<{ bookingId: string; checkoutUrl: string }> {
  for (let day = 0; day < 7; day += 1) {
    const onDate = addCalendarDays(date, day);
    const { slots } = await json<{ slots: string[] }>(
      customer.request.get(`/api/booking/slots?date=${onDate}`),
      'GET /api/booking/slots',
    );
    if (!slots[0]) continue;
    const response = await customer.request.post('/api/bookings', {
      data: {
        services: [serviceId],
        date: onDate,
        time: slots[0],
        firstName: STORED.firstName,
        lastName: STORED.lastName,
        email: customer.email,
        phone: '5551234567',
        address: STORED.address,
        city: STORED.city,
        zipCode: STORED.zipCode,
        vehicleMake: STORED.vehicleMake,
        vehicleModel: STORED.vehicleModel,
        vehicleYear: '2019',
        vehicleColor: STORED.vehicleColor,
        licensePlate: STORED.licensePlate,
        description: STORED.description,
        idempotencyKey: randomUUID(),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { bookingId: string; checkoutUrl: string };
  }
  throw new Error(`no free slot in the week from ${date}`);
}

/** Pays a checkout with the success card, as the local checkout's form would. */
async function pay(customer: Account, checkoutUrl: string): Promise<void> {
  const sessionId = new URL(checkoutUrl).pathname.split('/').at(-1)!;
  const paid = await customer.request.post(`/checkout/local/${sessionId}`, {
    form: {
      email: customer.email,
      cardNumber: CARDS.success,
      expiry: '12 / 40',
      cvc: '123',
      cardName: STORED.customerName.slice(0, 40),
    },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  const outcome = await json<{ state: string }>(
    customer.request.get(`/api/checkout/sessions/${sessionId}`),
    'GET /api/checkout/sessions/:id',
  );
  expect(outcome.state).toBe('paid');
}

/**
 * Today's visit, paid and given to the technician, who finishes its service, adds one on site
 * (the visit's balance due) and starts it; and a service paid from the catalogue, not scheduled.
 */
async function seedWork(
  world: World,
  technician: { request: APIRequestContext; profileId: string },
): Promise<void> {
  const { customer, staff } = world;
  const visit = await bookVisit(customer, world.serviceId, world.today);
  await pay(customer, visit.checkoutUrl);
  const found = await appointmentsFound(staff, APPOINTMENT_CUSTOMER);
  const job = found.find((a) => a.bookingId === visit.bookingId)!;
  await expectOk(
    await staff.patch(`/api/appointments/${job.id}/technician`, {
      data: { technicianId: technician.profileId },
    }),
    'PATCH /api/appointments/:id/technician',
  );
  const worker = technician.request;
  await expectOk(
    await worker.post(`/api/technician/jobs/${job.id}/services`, {
      data: { serviceIds: ['basic-oil-change'] },
    }),
    'POST /api/technician/jobs/:id/services',
  );
  for (const status of ['in-progress', 'completed']) {
    await expectOk(
      await worker.patch(`/api/technician/jobs/${job.id}/status`, { data: { status } }),
      `PATCH /api/technician/jobs/:id/status (${status})`,
    );
  }
  const { jobs } = await json<{ jobs: { id: string; serviceId: string | null }[] }>(
    worker.get('/api/technician/dashboard'),
    'GET /api/technician/dashboard',
  );
  const added = jobs.find((j) => j.serviceId === 'basic-oil-change')!;
  await expectOk(
    await worker.patch(`/api/technician/jobs/${added.id}/status`, {
      data: { status: 'in-progress' },
    }),
    'PATCH /api/technician/jobs/:id/status (added)',
  );

  const payNow = await json<{ checkoutUrl: string }>(
    customer.request.post('/api/bookings/pay-now', {
      data: { serviceId: world.serviceId, idempotencyKey: randomUUID() },
    }),
    'POST /api/bookings/pay-now',
  );
  await pay(customer, payNow.checkoutUrl);
}

/** The whole world, every actor through the API. */
async function seedWorld(api: Api, newContext: NewContext): Promise<World> {
  await api.asSuperAdmin();
  const [catalogue, customer, manager, invitation] = await Promise.all([
    seedCatalogue(api),
    seedCustomer(api, newContext),
    seedStaffMember(api),
    inviteTechnician(api),
  ]);
  const world = { ...catalogue, customer, manager };
  const request = await newContext();
  await expectOk(
    await request.post('/api/technician-invitations/accept', {
      data: {
        token: new URL(invitation.link).searchParams.get('token'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    }),
    'POST /api/technician-invitations/accept',
  );
  const profileId = await onboardTechnician(request, world.today);
  await seedWork(world, { request, profileId });
  return world;
}

// ---------------------------------------------------------------- the pages

test('public and customer pages show stored markup as text', async ({
  api,
  newContext,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await watchForInjection(page);
  const world = await seedWorld(api, newContext);
  // A second visit, held and not yet paid: the customer pays it in the browser.
  const hold = await bookVisit(world.customer, world.serviceId, world.today);

  await checkPage(page, '/', [STORED.businessName]);
  expect(await page.title()).toContain(STORED.businessName);
  await checkPage(page, '/services', [STORED.businessName, ...SERVICE_TEXTS]);

  await signIn(page, world.customer);
  await checkPage(page, `/booking?service=${world.serviceId}`, SERVICE_TEXTS);
  // The form starts from the account's name ('Cust' and the rest) and the garage's vehicle.
  await expect(page.getByLabel('Last Name')).toHaveValue(STORED.customerName.slice('Cust '.length));
  await page.getByLabel('Select from My Garage').selectOption({ index: 1 });
  await expect(page.getByLabel('Color')).toHaveValue(STORED.garageColor);
  await expectNoInjection(page);

  await checkPage(page, hold.checkoutUrl, [STORED.businessName, STORED.serviceName]);
  await fillCard(page, CARDS.success, 'Avery Driver');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === '/checkout-success');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await checkPage(page, null, [STORED.serviceName]);

  await checkPage(page, '/profile', [
    STORED.garageColor,
    STORED.serviceName,
    STORED.technicianName,
    APPOINTMENT_LOCATION,
  ]);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(STORED.customerName);
  await expect(page.getByLabel('Street Address')).toHaveValue(STORED.customerStreet);
  await expect(page.getByLabel('City')).toHaveValue(STORED.customerCity);
});

test('staff pages and the e-mails show stored markup as text', async ({
  api,
  newContext,
  page,
  signIn,
}) => {
  test.setTimeout(150_000);
  await watchForInjection(page);
  const world = await seedWorld(api, newContext);
  await signIn(page, SUPER_ADMIN);

  // The tables, the visit with a balance due and the order paid from the catalogue.
  await checkPage(page, '/admin', [
    STORED.businessName,
    APPOINTMENT_CUSTOMER,
    STORED.serviceName,
    STORED.technicianName,
    STORED.customerName,
  ]);
  await checkPage(page, '/admin/appointments', [
    APPOINTMENT_CUSTOMER,
    STORED.serviceName,
    APPOINTMENT_LOCATION,
    STORED.technicianName,
  ]);
  await checkPage(page, '/admin/technicians', [STORED.technicianName]);
  await page.getByRole('button', { name: /^Edit/ }).first().click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel('Full Name')).toHaveValue(STORED.technicianName);
  await expect(edit.getByLabel('Street Address')).toHaveValue(STORED.technicianStreet);
  await expect(edit.getByLabel('City')).toHaveValue(STORED.technicianCity);
  await expect(edit.getByLabel('Emergency Contact')).toHaveValue(STORED.emergencyContact);
  await checkPage(page, null, []);
  await page.keyboard.press('Escape');

  await checkPage(page, '/admin/services', SERVICE_TEXTS);
  await page.getByRole('button', { name: `Edit ${STORED.serviceName}` }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(STORED.serviceName);
  await expect(page.getByLabel('Description')).toHaveValue(STORED.serviceDescription);
  await checkPage(page, null, []);
  await checkPage(page, '/admin/business-profile', [STORED.businessName]);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Business name')).toHaveValue(STORED.businessName);
  await checkPage(page, null, []);
  await checkPage(page, '/admin/users', [
    STORED.customerName,
    STORED.staffName,
    STORED.technicianName,
  ]);
  await page
    .getByRole('row')
    .filter({ hasText: STORED.staffName })
    .getByRole('button', { name: /^Edit/ })
    .click();
  await expect(page.getByRole('dialog').getByLabel('Address')).toHaveValue(STORED.staffAddress);
  await checkPage(page, null, []);
  await page.keyboard.press('Escape');

  await checkPage(page, '/admin/metrics/today-appointments', [
    APPOINTMENT_CUSTOMER,
    APPOINTMENT_LOCATION,
  ]);
  await checkPage(page, '/admin/metrics/active-technicians', [
    STORED.technicianName,
    APPOINTMENT_CUSTOMER,
  ]);
  await checkPage(page, '/admin/metrics/completion-rate', [
    APPOINTMENT_CUSTOMER,
    STORED.serviceName,
  ]);
  await checkPage(page, '/admin/metrics/service-time', [STORED.serviceName]);
  // Analytics writes a city in title case ("Bcity <Iframe Src=…"): still the text, as text.
  await checkPage(page, '/admin/analytics', [STORED.serviceName]);
  await expect(page.getByRole('list', { name: 'Paid visits by city' })).toContainText(STORED.city, {
    ignoreCase: true,
  });

  // The e-mails: every message escapes what it quotes, and opens as text in the dev mailbox.
  const messages = (await mailbox(await api.asSuperAdmin())) as MailWithHtml[];
  const templates = new Set(messages.map((m) => m.template));
  for (const template of [
    'technician-invitation',
    'booking-confirmation',
    'technician-assigned',
    'job-in-progress',
    'job-completed',
    'pay-now-receipt',
  ]) {
    expect(templates, `an e-mail ${template} was sent`).toContain(template);
  }
  for (const message of messages) {
    expect(message.html, message.subject).not.toMatch(/<(img|svg|script|iframe|details|u)\b/i);
    expect(message.html, message.subject).not.toMatch(/href="javascript:/i);
  }
  await checkPage(page, '/dev/mailbox', [STORED.businessName, STORED.technicianName]);
  const { id: confirmation } = messages.find((m) => m.template === 'booking-confirmation')!;
  await checkPage(page, `/dev/mailbox/${confirmation}`, [
    STORED.businessName,
    STORED.serviceName,
    APPOINTMENT_LOCATION,
    `2019 ${STORED.vehicleMake} ${STORED.vehicleModel} (${STORED.vehicleColor})`,
  ]);

  // A manager has the appointments screen of their own.
  await signIn(page, world.manager!);
  await checkPage(page, '/manager/appointments', [
    APPOINTMENT_CUSTOMER,
    STORED.serviceName,
    APPOINTMENT_LOCATION,
  ]);
});

test('a technician’s pages show stored markup as text', async ({
  api,
  newContext,
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await watchForInjection(page);
  await api.asSuperAdmin();
  const [catalogue, customer, invitation] = await Promise.all([
    seedCatalogue(api),
    seedCustomer(api, newContext),
    inviteTechnician(api),
  ]);

  // The invitation's link names the technician; the password is set in the browser.
  await checkPage(page, invitation.link, [STORED.technicianName]);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.waitForURL('**/technician-onboarding');
  await expect(page.getByLabel('Full Name')).toHaveValue(STORED.technicianName);
  await checkPage(page, null, []);

  const technician = await newContext();
  await expectOk(
    await technician.post('/api/auth/sign-in/email', {
      data: { email: invitation.email, password: PASSWORD },
    }),
    'sign-in as the technician',
  );
  const profileId = await onboardTechnician(technician, catalogue.today);
  await seedWork({ ...catalogue, customer }, { request: technician, profileId });
  // Onboarding (in a session of its own) sets the password, which ends the browser's session.
  await signIn(page, { email: invitation.email, password: PASSWORD });

  await checkPage(page, '/technician-dashboard', [
    STORED.technicianName,
    APPOINTMENT_CUSTOMER,
    APPOINTMENT_LOCATION,
    STORED.vehicleColor,
    STORED.description,
    STORED.serviceName,
  ]);
  // The address opens a map search: a javascript: address stays in the query, never the link.
  const maps = page.getByRole('link', { name: /^Open in Maps/ });
  await expect(maps).toHaveCount(2);
  for (const link of await maps.all()) {
    await expect(link).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(APPOINTMENT_LOCATION)}`,
    );
  }
  const job = page.getByRole('article').filter({ hasText: 'Basic Oil Change' });
  await job.getByRole('button', { name: /^Add Services/ }).click();
  await checkPage(page, null, [APPOINTMENT_CUSTOMER]);
  await page.keyboard.press('Escape');

  await checkPage(page, '/profile', [STORED.technicianName]);
  await expect(page.getByLabel('Street Address')).toHaveValue(STORED.technicianStreet);
  await expect(page.getByLabel('City')).toHaveValue(STORED.technicianCity);
  await expect(page.getByLabel('Emergency Contact')).toHaveValue(STORED.emergencyContact);
});

// ---------------------------------------------------------------- fields that refuse markup

/** The answer is 422 with `message` on `field`. */
async function expectRefused(
  response: Promise<APIResponse>,
  field: string,
  message: string,
): Promise<void> {
  const answer = await response;
  const body = await answer.text();
  expect(answer.status(), `${field}: ${body}`).toBe(422);
  const { error } = JSON.parse(body) as { error: { fields?: Record<string, string> } };
  expect(error.fields?.[field], `${field}: ${body}`).toBe(message);
}

test('fields that cannot hold markup refuse it with their own message', async ({
  api,
  newContext,
}) => {
  const anonymous = await newContext();
  const staff = await api.asSuperAdmin();
  const customer = await api.requestAs(await api.createUser('customer'));
  const technicianUser = await api.createUser('technician', { name: 'Terry Torque' });
  const technician = await api.requestAs(technicianUser);

  // Phones, ZIP codes, e-mail addresses, years, plates and choices from a list.
  const profile = { name: 'Avery', phone: '', street: '', city: '', zipCode: '' };
  await expectRefused(
    customer.put('/api/profile', { data: { ...profile, phone: SHORT_MARKUP } }),
    'phone',
    'Phone number must have 10 digits',
  );
  await expectRefused(
    customer.put('/api/profile', {
      data: { ...profile, street: '1 Main St', city: 'Springfield', zipCode: ZIP_MARKUP },
    }),
    'zipCode',
    'Valid ZIP code is required',
  );
  const vehicle = { make: 'Toyota', model: 'Camry', year: 2019, color: 'Blue', licensePlate: 'A1' };
  await expectRefused(
    customer.post('/api/vehicles', { data: { ...vehicle, make: MARKUP } }),
    'make',
    'Please choose a make from the list',
  );
  await expectRefused(
    customer.post('/api/vehicles', { data: { ...vehicle, model: MARKUP } }),
    'model',
    'Please choose a model from the list',
  );
  await expectRefused(
    customer.post('/api/vehicles', { data: { ...vehicle, licensePlate: STORED.licensePlate } }),
    'licensePlate',
    'License plates use letters, numbers, spaces and hyphens (at most 10 characters)',
  );
  const user = { name: 'Pat', email: api.uniqueEmail('customer'), password: PASSWORD };
  await expectRefused(
    staff.post('/api/users', { data: { ...user, role: 'customer', phone: SHORT_MARKUP } }),
    'phone',
    'Phone number must have 10 digits',
  );
  await expectRefused(
    staff.post('/api/users', {
      data: { ...user, role: 'customer', email: `${MARKUP}@example.com` },
    }),
    'email',
    'Invalid email address',
  );
  await expectRefused(
    anonymous.post('/api/auth/sign-up/email', {
      data: { email: `"><svg onload=__xss=1>@example.com`, password: PASSWORD },
    }),
    'email',
    'Invalid email address',
  );
  await expectRefused(
    staff.post('/api/technicians/invitations', {
      data: { name: 'Pat', email: `${MARKUP}@example.com` },
    }),
    'email',
    'Invalid email address',
  );

  const business = await json<Record<string, unknown>>(staff.get('/api/business'), 'GET business');
  const businessRefusals: [string, string][] = [
    ['phone', 'Enter a 10-digit phone number, e.g. (555) 123-4567'],
    ['email', 'Invalid email address'],
    ['timeZone', 'Unknown time zone'],
  ];
  for (const [field, message] of businessRefusals) {
    await expectRefused(
      staff.put('/api/business', { data: { ...business, [field]: MARKUP } }),
      field,
      message,
    );
  }
  const service = { name: 'Tyre Check', icon: 'Wrench', price: 10, duration: '30 minutes' };
  await expectRefused(
    staff.post('/api/services', { data: { ...service, icon: MARKUP } }),
    'icon',
    'Choose an icon',
  );
  await expectRefused(
    staff.post('/api/services', { data: { ...service, duration: MARKUP } }),
    'duration',
    "Use a duration such as '45 minutes' or '30-45 minutes'",
  );

  const booking = {
    services: ['basic-oil-change'],
    date: '2030-01-02',
    time: '10:00',
    firstName: 'Avery',
    lastName: 'Driver',
    email: 'avery@example.com',
    phone: '5551234567',
    address: '12 Elm Street',
    city: 'Springfield',
    zipCode: '12345',
    vehicleMake: 'Toyota',
    vehicleModel: 'Camry',
    vehicleYear: '2019',
    vehicleColor: 'Silver',
    licensePlate: 'E2E1',
    description: '',
    idempotencyKey: randomUUID(),
  };
  const bookingRefusals: [string, string, string][] = [
    ['phone', SHORT_MARKUP, 'Phone number is required'],
    ['email', `${MARKUP}@example.com`, 'Invalid email address'],
    ['zipCode', ZIP_MARKUP, 'Valid ZIP code is required'],
    ['vehicleYear', payload.fourCharacters, 'Valid year is required'],
    ['date', MARKUP, 'Please select a date'],
    ['time', MARKUP, 'Please select a time'],
  ];
  for (const [field, value, message] of bookingRefusals) {
    await expectRefused(
      customer.post('/api/bookings', { data: { ...booking, [field]: value } }),
      field,
      message,
    );
  }
  await expectRefused(
    customer.post('/api/bookings', { data: { ...booking, services: [MARKUP] } }),
    'services.0',
    'Please select at least one service',
  );

  const onboarding = {
    name: 'Terry Torque',
    phone: '5557654321',
    street: '9 Wrench Way',
    city: 'Springfield',
    zipCode: '12345',
    homeZip: '30303',
    serviceAreaIds: [await firstServiceAreaId(technician)],
    password: technicianUser.password,
    confirmPassword: technicianUser.password,
    emergencyContact: 'Pat Torque',
    emergencyPhone: '5551112222',
  };
  const onboardingRefusals: [string, unknown, string][] = [
    ['phone', SHORT_MARKUP, 'Phone number must have 10 digits'],
    ['zipCode', ZIP_MARKUP, 'Valid ZIP code is required'],
    ['homeZip', MARKUP, PROFILE_MESSAGES.homeZip],
    ['serviceAreaIds', [MARKUP], PROFILE_MESSAGES.serviceAreaUnknown],
    ['emergencyPhone', SHORT_MARKUP, 'Emergency phone must have 10 digits'],
  ];
  for (const [field, value, message] of onboardingRefusals) {
    await expectRefused(
      technician.put('/api/technician/onboarding', { data: { ...onboarding, [field]: value } }),
      field,
      message,
    );
  }
});
