// Hostile input, property-based: every route the app serves — the table the access hook fills as
// routes register, the auth library's own endpoints, the API docs — gets generated malformed and
// hostile bodies, query strings, path parameters, cookies and headers, as every role. Whatever
// arrives: never a 5xx; every refusal is the one error body; a role without access never gets a
// success; a refused request changes no row. Rows are watched two ways: a trigger on every table
// logs each statement that changed rows (checked after every request), and each batch of refused
// requests is compared with fingerprintTables. Bodies over the limit get 413 before any handler
// runs, also when sent chunked without a length over a real socket.
//
// Seeded: PITSTOP_HOSTILE_SEED=<n> replays another run; fast-check names the failing case's seed
// and path. The number of requests sent is printed at the end (docs/reliability.md quotes it).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_STATUS } from '@pitstop/shared/api-errors';
import { DEFAULT_BUSINESS_HOURS } from '@pitstop/shared/business/hours';
import { PHOTO_DATA_URL_MAX_LENGTH } from '@pitstop/shared/profile/photo';
import { can } from '@pitstop/shared/permissions';
import { ROLES } from '@pitstop/shared/roles';
import type { Role } from '@pitstop/shared/roles';
import type { Access } from '../src/lib/access.ts';
import {
  cookieHeader,
  cookiePlan,
  formBody,
  fromPlain,
  jsonBody,
  jsonText,
  JSON_TYPE,
  mutatedBody,
  oddHeaders,
  originHeader,
  pathSegment,
  queryString,
  strangeBody,
} from './hostile-arbitraries.ts';
import type { Body, CookiePlan, Json } from './hostile-arbitraries.ts';
import {
  APP_URL,
  bookingBody,
  createTestContext,
  createUser,
  fingerprintTables,
  futureWeekday,
  inviteTechnician,
  latestEmailTo,
  onboardingBody,
  payLocalCheckout,
  postBooking,
  sessionIdOf,
  signIn,
  DOWNTOWN_AREA_ID,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

const SEED = Number(process.env.PITSTOP_HOSTILE_SEED ?? 20_150_003);
/** Requests per route and role; a route may ask for fewer (`runs`). */
const RUNS = 20;

type Viewer = 'signed-out' | Role;
const VIEWERS: readonly Viewer[] = ['signed-out', ...ROLES];

// ---------------------------------------------------------------- what each route is sent

interface Fixtures {
  victimProfileId: string;
  ownVehicleId: string;
  spareVehicleId: string;
  spareUserId: string;
  spareServiceId: string;
  spareTechnicianId: string;
  technicianProfileId: string;
  jobId: string;
  /** The paid visit the job belongs to (staff may move it). */
  visitBookingId: string;
  paidSessionId: string;
  openSessionId: string;
  /** An unpaid visit of a spare customer, for the staff's release. */
  spareHoldId: string;
  messageId: string;
}

/** A request the route would accept: the generators spoil it one part at a time. */
interface RouteInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** An HTML form's fields (sent urlencoded) instead of a JSON body. */
  form?: Record<string, string>;
  /** Fewer requests for a route whose every answer waits on purpose. */
  runs?: number;
}

const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const BOOKING_KEY = randomUUID();
const PAY_NOW_KEY = randomUUID();
const WORKING_DATE = futureWeekday(3);
const MONTH = WORKING_DATE.slice(0, 7);
const vehicle = { make: 'Toyota', model: 'Camry', year: '2019', color: 'Blue' };
const serviceBody = {
  name: 'Hostile Service',
  icon: 'Wrench',
  description: 'Made by the hostile-input test',
  price: 10,
  duration: '45 minutes',
  includes: ['One thing'],
};
const technicianFields = {
  name: 'Tess Technician',
  phone: '(555) 111-2222',
  street: '1 Main St',
  city: 'Springfield',
  zipCode: '12345',
  homeZip: '30303',
  serviceAreaIds: [DOWNTOWN_AREA_ID],
  emergencyContact: 'Pat Technician',
  emergencyPhone: '(555) 333-4444',
};

/**
 * Every app route with a path parameter, a body or a required query has a line here (the first
 * test fails naming any route without one). Destructive routes point at spare rows, and the
 * cleanup's confirmation is a near miss, so no success can wipe out the users this file needs.
 */
const INPUTS: Record<string, (f: Fixtures) => RouteInput> = {
  'PUT /api/business': () => ({
    body: {
      name: 'Pitstop',
      phone: '(555) 010-4477',
      email: 'support@pitstop.example',
      timeZone: 'America/New_York',
      capacity: 2,
      hours: DEFAULT_BUSINESS_HOURS,
    },
  }),
  // Off: the super admin here has no second factor, and on would be refused anyway.
  'PUT /api/business/staff-two-factor': () => ({ body: { requireStaffTwoFactor: false } }),
  'GET /api/appointments/search': () => ({
    query: { q: 'Ada', status: 'all', view: 'all', sort: 'date-desc', page: '1', pageSize: '20' },
  }),
  'GET /api/appointments/:id/calendar.ics': (f) => ({ params: { id: f.jobId } }),
  'PATCH /api/appointments/:id/technician': (f) => ({
    params: { id: f.jobId },
    body: { technicianId: f.technicianProfileId },
  }),
  'PATCH /api/appointments/:id/status': (f) => ({
    params: { id: f.jobId },
    body: { status: 'scheduled', from: 'scheduled' },
  }),
  'GET /api/visits/:bookingId/slots': (f) => ({
    params: { bookingId: f.visitBookingId },
    query: { date: futureWeekday(21) },
  }),
  'POST /api/visits/:bookingId/move': (f) => ({
    params: { bookingId: f.visitBookingId },
    body: { date: futureWeekday(21), time: '11:00' },
  }),
  // The victim's visit: every viewer here is another customer or staff, so nothing moves it.
  'GET /api/my/visits/:bookingId/slots': (f) => ({
    params: { bookingId: f.visitBookingId },
    query: { date: futureWeekday(21) },
  }),
  'POST /api/my/visits/:bookingId/move': (f) => ({
    params: { bookingId: f.visitBookingId },
    body: { date: futureWeekday(21), time: '11:00' },
  }),
  'GET /api/my/visits/:bookingId/terms': (f) => ({ params: { bookingId: f.visitBookingId } }),
  'POST /api/my/visits/:bookingId/cancel': (f) => ({
    params: { bookingId: f.visitBookingId },
    body: { refundCents: 0 },
  }),
  'GET /api/my/visits/:bookingId/balance': (f) => ({ params: { bookingId: f.visitBookingId } }),
  'POST /api/my/visits/:bookingId/balance/checkout': (f) => ({
    params: { bookingId: f.visitBookingId },
  }),
  'PUT /api/my/visits/:bookingId/texts': (f) => ({
    params: { bookingId: f.visitBookingId },
    body: { textUpdates: true },
  }),
  'GET /api/visits/:bookingId/messages': (f) => ({ params: { bookingId: f.visitBookingId } }),
  'GET /api/visits/:bookingId/payment': (f) => ({ params: { bookingId: f.visitBookingId } }),
  // The held visit is not paid: staff get past the checks to the 409, and nothing is refunded.
  'POST /api/visits/:bookingId/cancel': (f) => ({
    params: { bookingId: f.spareHoldId },
    body: { refund: 'none', reason: 'Hostile' },
  }),
  'POST /api/visits/:bookingId/schedule': (f) => ({
    params: { bookingId: f.visitBookingId },
    body: {
      date: futureWeekday(21),
      time: '11:00',
      address: '1 Hostile Way',
      city: 'Springfield',
      zipCode: '12345',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleYear: '2018',
      vehicleColor: 'Blue',
      licensePlate: 'HST 303',
      description: '',
    },
  }),
  'GET /api/analytics': () => ({ query: { from: `${MONTH}-01`, to: `${MONTH}-28` } }),
  'PUT /api/profile': () => ({ body: { ...technicianFields, name: 'Hostile Person' } }),
  'PUT /api/profile/photo': () => ({ body: { photo: TINY_PNG } }),
  'GET /api/profiles/:id/photo': (f) => ({ params: { id: f.victimProfileId }, query: { v: '1' } }),
  'POST /api/vehicles': () => ({ body: { ...vehicle, licensePlate: 'HST 101' } }),
  'PUT /api/vehicles/:id': (f) => ({
    params: { id: f.ownVehicleId },
    body: { ...vehicle, licensePlate: 'HST 202' },
  }),
  'DELETE /api/vehicles/:id': (f) => ({ params: { id: f.spareVehicleId } }),
  'GET /api/vehicles/decode': () => ({ query: { vin: '1HGCM82633A004352' } }),
  'GET /api/vehicles/:id/history': (f) => ({ params: { id: f.ownVehicleId } }),
  'PUT /api/vehicles/:id/reminders': (f) => ({
    params: { id: f.ownVehicleId },
    body: { on: false },
  }),
  'POST /api/vehicles/:id/reminders/stop': (f) => ({
    params: { id: f.ownVehicleId },
    body: { signature: 'A'.repeat(43) },
  }),
  'GET /api/visits/:bookingId/vehicle-history': (f) => ({
    params: { bookingId: f.visitBookingId },
  }),
  'GET /api/booking/slots': () => ({
    query: { date: futureWeekday(), services: 'basic-oil-change,tire-rotation' },
  }),
  'POST /api/bookings': () => ({ body: bookingBody({ idempotencyKey: BOOKING_KEY }) }),
  'POST /api/bookings/pay-now': () => ({
    body: { serviceId: 'basic-oil-change', idempotencyKey: PAY_NOW_KEY },
  }),
  'POST /api/bookings/:bookingId/cancel-checkout': (f) => ({
    params: { bookingId: f.visitBookingId },
  }),
  'POST /api/bookings/holds/:bookingId/release': (f) => ({
    params: { bookingId: f.spareHoldId },
  }),
  'GET /api/checkout/sessions/:sessionId': (f) => ({ params: { sessionId: f.paidSessionId } }),
  'POST /api/payments/stripe/webhook': () => ({
    body: { id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } },
  }),
  // Twilio's signed webhooks (404 here, without Twilio): forms as Twilio posts them.
  'POST /api/webhooks/twilio/inbound': () => ({
    form: { From: '+15550104477', To: '+15550109999', Body: 'STOP', MessageSid: 'SM1' },
  }),
  'POST /api/webhooks/twilio/status': () => ({
    form: { MessageSid: 'SM1', MessageStatus: 'undelivered', AccountSid: 'AC1' },
  }),
  'GET /checkout/local/:sessionId': (f) => ({ params: { sessionId: f.openSessionId } }),
  'POST /checkout/local/:sessionId': (f) => ({
    params: { sessionId: f.openSessionId },
    // The declined test card: a spoiled form can never pay.
    form: {
      email: 'ada@example.com',
      cardNumber: '4000 0000 0000 0002',
      expiry: '12 / 40',
      cvc: '123',
      cardName: 'Ada Lovelace',
    },
  }),
  'POST /api/services': () => ({ body: serviceBody }),
  'PUT /api/services/:id': () => ({
    params: { id: 'tire-rotation' },
    body: {
      name: 'Tire Rotation',
      icon: 'Gauge',
      description: 'Rotated by the hostile-input test',
      price: 25,
      duration: '30 minutes',
      includes: ['Rotation'],
    },
  }),
  'DELETE /api/services/:id': (f) => ({ params: { id: f.spareServiceId } }),
  'POST /api/services/:id/move': () => ({ params: { id: 'basic-oil-change' }, body: { order: 3 } }),
  'POST /api/setup': () => ({
    body: {
      name: 'Owner',
      email: 'owner@example.com',
      password: 'owner-password',
      confirmPassword: 'owner-password',
    },
  }),
  'GET /api/users': () => ({ query: { search: 'Test', role: 'customer' } }),
  'POST /api/users': () => ({
    body: {
      name: 'Hostile New',
      email: 'hostile-new@example.com',
      password: 'password123',
      role: 'customer',
    },
  }),
  'PATCH /api/users/:id': (f) => ({
    params: { id: f.victimProfileId },
    body: { name: 'Victim Renamed', phone: '(555) 123-4567', address: '1 Main St' },
  }),
  'DELETE /api/users/:id': (f) => ({ params: { id: f.spareUserId } }),
  'POST /api/user-cleanup': () => ({ body: { confirmation: 'DELETE ALL USER' } }),
  'GET /api/technicians/working-days': () => ({ query: { month: MONTH } }),
  'GET /api/technicians/day-plan': () => ({ query: { date: WORKING_DATE } }),
  'GET /api/technicians/assignable': () => ({
    query: { dates: `${WORKING_DATE},${futureWeekday(4)}` },
  }),
  'POST /api/technicians/invitations': () => ({
    body: { name: 'Hostile Tech', email: 'hostile-tech@example.com' },
  }),
  'POST /api/technicians/:id/invitation': (f) => ({ params: { id: f.technicianProfileId } }),
  'PATCH /api/technicians/:id': (f) => ({
    params: { id: f.technicianProfileId },
    body: technicianFields,
  }),
  'DELETE /api/technicians/:id': (f) => ({ params: { id: f.spareTechnicianId } }),
  'GET /api/technicians/:id/ratings': (f) => ({ params: { id: f.technicianProfileId } }),
  'GET /api/ratings/:token': () => ({ params: { token: 'A'.repeat(43) } }),
  'POST /api/ratings/:token': () => ({
    params: { token: 'A'.repeat(43) },
    body: { stars: 4, comment: 'On time' },
  }),
  'POST /api/ratings/:bookingId/follow-up': (f) => ({ params: { bookingId: f.visitBookingId } }),
  'POST /api/technician-invitations/check': () => ({ body: { token: 'A'.repeat(43) } }),
  'POST /api/technician-invitations/accept': () => ({
    body: { token: 'A'.repeat(43), password: 'tech-pass-1', confirmPassword: 'tech-pass-1' },
  }),
  'PUT /api/technician/onboarding': () => ({ body: onboardingBody() }),
  'PUT /api/technician/duty': () => ({ body: { onDuty: true } }),
  'GET /api/technician/working-days': () => ({ query: { month: MONTH } }),
  'PUT /api/technician/working-days/:date': () => ({
    params: { date: WORKING_DATE },
    body: { working: true },
  }),
  'PATCH /api/technician/jobs/:id/status': (f) => ({
    params: { id: f.jobId },
    body: { status: 'in-progress' },
  }),
  'POST /api/technician/jobs/:id/services': (f) => ({
    params: { id: f.jobId },
    body: { serviceIds: ['battery-service'] },
  }),
  'GET /api/technician/jobs/:id/balance-link': (f) => ({ params: { id: f.jobId } }),
  'POST /api/technician/jobs/:id/balance-link/email': (f) => ({ params: { id: f.jobId } }),
  'POST /api/technician/jobs/:id/arrival': (f) => ({
    params: { id: f.jobId },
    body: { minutes: 30 },
  }),
  'GET /dev/mailbox/:id': (f) => ({ params: { id: f.messageId } }),
  'GET /dev/mailbox/:id/attachments/:index': (f) => ({
    params: { id: f.messageId, index: '0' },
  }),
};

/** The auth library's endpoints that need more than their schemas give. */
const AUTH_INPUTS: Record<string, RouteInput> = {
  // A failed sign-in is answered after 400 ms, a reset request after 250 ms: fewer of them.
  'POST /api/auth/sign-in/email': {
    body: { email: 'nobody@example.com', password: 'password123' },
    runs: 4,
  },
  'POST /api/auth/request-password-reset': {
    body: { email: 'nobody@example.com', redirectTo: `${APP_URL}/reset-password` },
    runs: 4,
  },
  'POST /api/auth/sign-up/email': {
    body: { email: 'hostile-sign-up@example.com', password: 'password123', name: 'Hostile' },
  },
  'POST /api/auth/reset-password': { body: { newPassword: 'password123', token: 'A'.repeat(24) } },
  'POST /api/auth/change-password': {
    body: { newPassword: 'password456', currentPassword: 'not-the-password' },
  },
  'POST /api/auth/:path': { params: { path: 'no-such-endpoint' } },
  'GET /api/auth/:path': { params: { path: 'no-such-endpoint' } },
};

// ---------------------------------------------------------------- the routes, from the app

interface RouteUnderTest {
  method: string;
  url: string;
  /** undefined: the route decides for itself (the auth library, the API docs). */
  access: Access | undefined;
  params: string[];
  bodyKeys: string[];
  queryKeys: string[];
  input: RouteInput | undefined;
  /** Serves a page, whose own refusals (an unknown checkout) are HTML for a person. */
  isPage: boolean;
}

type ZodInternals = { _zod?: { def?: Record<string, unknown>; optin?: string } };
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
      }
    >
  >;
};

function zodDef(schema: unknown): Record<string, unknown> | undefined {
  return (schema as ZodInternals | undefined)?._zod?.def;
}

/** A value the auth library's (zod) schema accepts, near enough: the generators spoil it. */
function exampleOf(schema: unknown, key = '', depth = 0): unknown {
  const def = zodDef(schema);
  if (!def || depth > 6) return 'example';
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>)
          .filter(([, field]) => (field as ZodInternals)._zod?.optin !== 'optional')
          .map(([name, field]) => [name, exampleOf(field, name, depth + 1)]),
      );
    case 'string':
      return /email/i.test(key) ? 'someone@example.com' : 'example-value';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as object)[0];
    case 'array':
      return [exampleOf(def.element, key, depth + 1)];
    case 'union':
      return exampleOf((def.options as unknown[])[0], key, depth + 1);
    case 'intersection':
      return {
        ...(exampleOf(def.left, key, depth + 1) as object),
        ...(exampleOf(def.right, key, depth + 1) as object),
      };
    case 'pipe':
      return exampleOf(def.in, key, depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return exampleOf(def.innerType, key, depth + 1);
    case 'record':
      return {};
    default:
      return 'example-value';
  }
}

/** Every key an object schema names (optional ones included). */
function keysOf(schema: unknown, depth = 0): string[] {
  const def = zodDef(schema);
  if (!def || depth > 6) return [];
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'intersection') return [...keysOf(def.left), ...keysOf(def.right)];
  if (def.innerType) return keysOf(def.innerType, depth + 1);
  if (def.type === 'pipe') return keysOf(def.in, depth + 1);
  return [];
}

function paramsOf(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** The app's own routes, the auth library's endpoints (under its wildcard) and the docs. */
function routesOf(context: TestContext, fixtures: Fixtures): RouteUnderTest[] {
  const doc = context.app.swagger() as unknown as OpenApi;
  const routes: RouteUnderTest[] = context.app.ctx.routes.map((route) => {
    const key = `${route.method} ${route.url}`;
    const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const schema = operation?.requestBody?.content?.[JSON_TYPE]?.schema;
    return {
      method: route.method,
      url: route.url,
      access: route.access,
      params: paramsOf(route.url),
      bodyKeys: Object.keys(schema?.properties ?? {}),
      queryKeys: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      input: INPUTS[key]?.(fixtures),
      isPage: !route.url.startsWith('/api/'),
    };
  });

  const api = context.app.ctx.auth.api as unknown as Record<
    string,
    { path?: string; options?: { method?: string | string[]; body?: unknown; query?: unknown } }
  >;
  const endpoints = Object.values(api).filter((e) => e.path !== undefined);
  const auth = [
    ...endpoints.flatMap((endpoint) =>
      [endpoint.options?.method ?? 'GET'].flat().map((method) => ({
        method: method === '*' ? 'POST' : method,
        url: `/api/auth${endpoint.path!}`,
        body: endpoint.options?.body,
        query: endpoint.options?.query,
      })),
    ),
    // Paths the library does not serve, through the same wildcard route.
    { method: 'GET', url: '/api/auth/:path', body: undefined, query: undefined },
    { method: 'POST', url: '/api/auth/:path', body: undefined, query: undefined },
  ];
  for (const endpoint of auth) {
    const key = `${endpoint.method} ${endpoint.url}`;
    const params = paramsOf(endpoint.url);
    routes.push({
      method: endpoint.method,
      url: endpoint.url,
      access: undefined,
      params,
      bodyKeys: keysOf(endpoint.body),
      queryKeys: keysOf(endpoint.query),
      input: AUTH_INPUTS[key] ?? {
        params: Object.fromEntries(params.map((name) => [name, 'hostile'])),
        query: Object.fromEntries(
          Object.entries((exampleOf(endpoint.query) ?? {}) as object).map(([k, v]) => [
            k,
            String(v),
          ]),
        ),
        body: endpoint.body === undefined ? undefined : exampleOf(endpoint.body),
      },
      isPage: false,
    });
  }

  for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/:file']) {
    routes.push({
      method: 'GET',
      url,
      access: undefined,
      params: paramsOf(url),
      bodyKeys: [],
      queryKeys: [],
      input: { params: { file: 'index.html' } },
      isPage: url.endsWith(':file'),
    });
  }
  return routes;
}

function needsInput(route: RouteUnderTest, doc: OpenApi): boolean {
  if (route.params.length > 0 || ['POST', 'PUT', 'PATCH'].includes(route.method)) return true;
  const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  return (operation?.parameters ?? []).some(
    (p) => p.in === 'query' && (p as { required?: boolean }).required,
  );
}

function mayAccess(route: RouteUnderTest, viewer: Viewer): boolean {
  const { access } = route;
  if (access === undefined || access === 'public') return true;
  if (viewer === 'signed-out') return false;
  return access === 'signed-in' || can(viewer, access);
}

// ---------------------------------------------------------------- requests

interface Plan {
  method: string;
  url: string;
  origin: string | undefined;
  cookie: CookiePlan;
  headers: Record<string, string>;
  body: Body | undefined;
}

/** A body just over the route's limit: the valid one, padded with JSON's own whitespace. */
function paddedBody(template: unknown, size: number): Body {
  const text = JSON.stringify(template ?? {});
  return { payload: text + ' '.repeat(Math.max(0, size - text.length)), contentType: JSON_TYPE };
}

const BODY_LIMIT = 256 * 1024;

function bodyArbitrary(route: RouteUnderTest): Arbitrary<Body | undefined> {
  const none = fc.constant(undefined);
  const input = route.input ?? {};
  if (!['POST', 'PUT', 'PATCH'].includes(route.method)) {
    // Bodies where none belongs (GET, DELETE): the server must not trip over them either.
    return fc.oneof(
      { weight: 8, arbitrary: none },
      { weight: 2, arbitrary: strangeBody },
      { weight: 1, arbitrary: jsonBody(fc.constant(fromPlain({ id: 1 }))) },
    );
  }
  const oversized = fc
    .integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 40_000 })
    .map((size) => paddedBody(input.body, size));
  if (input.form) {
    return fc.oneof(
      { weight: 8, arbitrary: formBody(input.form) },
      { weight: 3, arbitrary: strangeBody },
      { weight: 1, arbitrary: none },
      { weight: 1, arbitrary: oversized },
    );
  }
  const template = fromPlain(input.body ?? {});
  return fc.oneof(
    { weight: 12, arbitrary: jsonBody(mutatedBody(template, route.bodyKeys)) },
    { weight: 2, arbitrary: jsonBody(fc.constant(template)) },
    {
      weight: 1,
      // The right fields inside the wrong thing: an array, an envelope, a JSON string.
      arbitrary: jsonBody(
        fc.constantFrom<Json>([template], { entries: [['data', template]] }, jsonText(template)),
      ),
    },
    { weight: 4, arbitrary: strangeBody },
    { weight: 1, arbitrary: none },
    { weight: 1, arbitrary: oversized },
  );
}

function requestArbitrary(route: RouteUnderTest): Arbitrary<Plan> {
  const input = route.input ?? {};
  const segments = fc.tuple(
    ...route.params.map((name) => pathSegment(input.params?.[name] ?? 'x')),
  );
  const isRead = route.method === 'GET';
  return fc
    .record({
      segments,
      query: queryString(input.query ?? {}, route.queryKeys),
      origin: isRead
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: originHeader(APP_URL) },
          )
        : originHeader(APP_URL),
      cookie: cookiePlan,
      headers: oddHeaders,
      body: bodyArbitrary(route),
    })
    .map(({ segments: values, query, origin, cookie, headers, body }) => {
      let index = 0;
      const path = route.url.replace(/:(\w+)/g, () => values[index++]!);
      return {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        origin,
        cookie,
        headers,
        body,
      };
    });
}

// ---------------------------------------------------------------- checks

const ERROR_CODES = Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS];
const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string().min(1),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
// What an answer must never show: a stack, a file of ours, a database's own words.
const LEAK =
  /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|violates .* constraint|duplicate key value|syntax error at or near|Cannot read properties|is not a function|is not iterable|Maximum call stack/;

/** What is wrong with a refusal's answer, if anything. */
function refusalProblem(
  route: RouteUnderTest,
  response: { headers: Record<string, unknown>; body: string },
) {
  const type = String(response.headers['content-type'] ?? '');
  if (route.isPage && type.startsWith('text/html')) return undefined;
  if (!type.startsWith('application/json')) return `content-type ${type || 'missing'}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'a body that is not JSON';
  }
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return `not the error body: ${parsed.error.issues[0]?.message}`;
  const { code, message, fields } = parsed.data.error;
  const texts =
    code === 'NOT_FOUND' ? Object.values(fields ?? {}) : [message, ...Object.values(fields ?? {})];
  if (texts.some((text) => LEAK.test(text))) return 'internals in the message';
  return undefined;
}

// ---------------------------------------------------------------- the run

let ctx: TestContext;
let fixtures: Fixtures;
let routes: RouteUnderTest[];
const sessions = new Map<Role, TestUser>();
const tally = { requests: 0, refused: 0, succeeded: 0, statuses: new Map<number, number>() };
let address = 0;
let lastChange = 0;
let fingerprint: { at: number; value: string } | undefined;
const startedAt = performance.now();

/** Each request comes from its own address, so rate limits answer only when a test means it. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

/**
 * Tables whose rows count requests rather than hold anyone's data: a refused request is counted
 * too (that is what a rate limit is for).
 */
const REQUEST_COUNTERS = new Set(['rate_limit_counters']);

/** Rows changed since the last call, as "table operation count" (from the triggers' log). */
async function rowChanges(): Promise<string[]> {
  const { rows } = await ctx.database.db.execute(
    sql`select id, table_name, operation, row_count from hostile_input_changes where id > ${lastChange} order by id`,
  );
  const changes = rows as {
    id: number;
    table_name: string;
    operation: string;
    row_count: number;
  }[];
  if (changes.length > 0) lastChange = Number(changes.at(-1)!.id);
  return changes
    .filter((c) => !REQUEST_COUNTERS.has(c.table_name))
    .map((c) => `${c.table_name} ${c.operation} ${c.row_count}`);
}

/** Every table's rows, as one text to compare, the request counters left out. */
async function dataFingerprint(): Promise<string> {
  const tables = await fingerprintTables(ctx);
  for (const name of REQUEST_COUNTERS) delete tables[name];
  return JSON.stringify(tables);
}

/**
 * Logs every statement that changed rows of any table, in its own transaction (a statement
 * rolled back leaves no line). Transition tables count the rows, so a statement that matched
 * nothing logs nothing.
 */
async function watchEveryTable(): Promise<void> {
  await ctx.database.db.execute(sql`
    create table hostile_input_changes (
      id bigint generated always as identity primary key,
      table_name text not null,
      operation text not null,
      row_count bigint not null
    )`);
  await ctx.database.db.execute(sql`
    create function hostile_input_note() returns trigger language plpgsql as $$
    declare changed bigint;
    begin
      if TG_OP = 'DELETE' then select count(*) into changed from old_rows;
      else select count(*) into changed from new_rows;
      end if;
      if changed > 0 then
        insert into hostile_input_changes (table_name, operation, row_count)
        values (TG_TABLE_NAME, TG_OP, changed);
      end if;
      return null;
    end $$`);
  await ctx.database.db.execute(sql`
    create function hostile_input_truncated() returns trigger language plpgsql as $$
    begin
      insert into hostile_input_changes (table_name, operation, row_count)
      values (TG_TABLE_NAME, TG_OP, -1);
      return null;
    end $$`);
  await ctx.database.db.execute(sql`
    do $$
    declare t text;
    begin
      for t in select tablename from pg_tables
        where schemaname = current_schema() and tablename <> 'hostile_input_changes'
      loop
        execute format('create trigger hostile_input_insert after insert on %I referencing new table as new_rows for each statement execute function hostile_input_note()', t);
        execute format('create trigger hostile_input_update after update on %I referencing new table as new_rows for each statement execute function hostile_input_note()', t);
        execute format('create trigger hostile_input_delete after delete on %I referencing old table as old_rows for each statement execute function hostile_input_note()', t);
        execute format('create trigger hostile_input_truncate after truncate on %I for each statement execute function hostile_input_truncated()', t);
      end loop;
    end $$`);
  await rowChanges();
}

function describePlan(viewer: Viewer, plan: Plan): string {
  const headers = Object.entries(plan.headers).map(([k, v]) => `${k}: ${v.slice(0, 60)}`);
  return [
    `${plan.method} ${plan.url.slice(0, 300)} as ${viewer}`,
    `origin ${plan.origin?.slice(0, 60)}; cookie ${JSON.stringify(plan.cookie).slice(0, 200)}`,
    ...(headers.length ? [`headers ${headers.join('; ')}`] : []),
    plan.body
      ? `body (${plan.body.contentType}, ${plan.body.payload.length} chars) ${JSON.stringify(plan.body.payload.slice(0, 300))}`
      : 'no body',
  ].join('\n  ');
}

async function send(route: RouteUnderTest, viewer: Viewer, plan: Plan): Promise<void> {
  const roleCookie = viewer === 'signed-out' ? undefined : sessions.get(viewer)?.cookie;
  const headers: Record<string, string> = { ...plan.headers };
  if (plan.origin !== undefined) headers.origin = plan.origin;
  const cookie = cookieHeader(plan.cookie, roleCookie);
  if (cookie !== undefined) headers.cookie = cookie;
  if (plan.body?.contentType !== undefined) headers['content-type'] = plan.body.contentType;
  const response = await ctx.app.inject({
    method: plan.method as 'GET',
    url: plan.url,
    headers,
    remoteAddress: nextAddress(),
    ...(plan.body ? { payload: plan.body.payload } : {}),
  });
  const status = response.statusCode;
  tally.requests += 1;
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  const changes = await rowChanges();
  const fail = (problem: string) => {
    throw new Error(
      `${problem}\n  ${describePlan(viewer, plan)}\n  -> ${status} ${response.body.slice(0, 500)}`,
    );
  };
  if (status >= 500) fail(`a ${status}`);
  if (status < 400) {
    tally.succeeded += 1;
    if (!mayAccess(route, viewer)) fail(`${viewer} has no access, yet got ${status}`);
    return;
  }
  tally.refused += 1;
  const problem = refusalProblem(route, response);
  if (problem) fail(`the refusal has ${problem}`);
  if (changes.length > 0) fail(`the refused request changed rows: ${changes.join(', ')}`);
}

/** Signs the role in again if a request ended its session (sign-out, revoke-sessions). */
async function keepSignedIn(viewer: Viewer): Promise<void> {
  if (viewer === 'signed-out') return;
  const user = sessions.get(viewer)!;
  const me = await ctx.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { cookie: user.cookie },
  });
  if ((me.json() as { viewer: { role: string } | null }).viewer?.role === viewer) return;
  try {
    user.cookie = await signIn(ctx.app, user.email, user.password);
  } catch {
    sessions.set(viewer, await createUser(ctx, viewer));
  }
  await rowChanges();
}

function seedFor(viewer: Viewer, route: RouteUnderTest): number {
  let hash = SEED;
  for (const char of `${viewer} ${route.method} ${route.url}`) {
    hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  }
  return hash;
}

beforeAll(async () => {
  // Production, as `npm start` runs: the dev mailbox and the API docs are for staff.
  ctx = await createTestContext({ NODE_ENV: 'production' });
  for (const role of ROLES) sessions.set(role, await createUser(ctx, role));
  const customer = sessions.get('customer')!;
  const admin = sessions.get('admin')!;
  const technician = sessions.get('technician')!;
  const as = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: APP_URL, cookie: user.cookie },
      ...(payload ? { payload } : {}),
    });
  const idOf = (response: { json(): unknown }, key: string) =>
    (response.json() as Record<string, { id: string }>)[key]!.id;
  const profileIdOf = async (user: TestUser) =>
    ((await as(user, 'GET', '/api/me')).json() as { viewer: { profileId: string } }).viewer
      .profileId;

  const victim = await createUser(ctx, 'customer');
  const spare = await createUser(ctx, 'customer');
  const technicianProfileId = await profileIdOf(technician);
  await ctx.database.db.execute(
    sql`update user_profiles set onboarding_complete = true where id = ${technicianProfileId}`,
  );
  // A paid visit assigned to the technician, and an open checkout of the victim's.
  const booked = await postBooking(ctx, victim, bookingBody());
  const paidSessionId = sessionIdOf((booked.json() as { checkoutUrl: string }).checkoutUrl);
  expect((await payLocalCheckout(ctx, paidSessionId)).statusCode).toBe(303);
  await as(victim, 'GET', `/api/checkout/sessions/${paidSessionId}`);
  const [job] = (
    await ctx.database.db.execute(
      sql`select a.id, a.booking_id from appointments a join bookings b on b.id = a.booking_id where b.checkout_session_id = ${paidSessionId}`,
    )
  ).rows as { id: string; booking_id: string }[];
  const jobId = job!.id;
  const assigned = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/appointments/${jobId}/technician`,
    headers: { origin: APP_URL, cookie: admin.cookie },
    payload: { technicianId: technicianProfileId },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const open = await postBooking(ctx, victim, bookingBody({ time: '14:00' }));
  const spareHold = await postBooking(ctx, spare, bookingBody({ time: '15:00' }));
  const mail = await latestEmailTo(ctx, 'ada@example.com');

  fixtures = {
    visitBookingId: job!.booking_id,
    victimProfileId: await profileIdOf(victim),
    ownVehicleId: idOf(
      await as(customer, 'POST', '/api/vehicles', { ...vehicle, licensePlate: 'OWN 1' }),
      'vehicle',
    ),
    spareVehicleId: idOf(
      await as(customer, 'POST', '/api/vehicles', { ...vehicle, licensePlate: 'SPARE 1' }),
      'vehicle',
    ),
    spareUserId: await profileIdOf(spare),
    spareServiceId: idOf(
      await as(admin, 'POST', '/api/services', { ...serviceBody, name: 'Spare Service' }),
      'service',
    ),
    spareTechnicianId: (await inviteTechnician(ctx, admin)).profileId,
    technicianProfileId,
    jobId,
    paidSessionId,
    openSessionId: sessionIdOf((open.json() as { checkoutUrl: string }).checkoutUrl),
    spareHoldId: (spareHold.json() as { bookingId: string }).bookingId,
    messageId: mail!.id,
  };
  routes = routesOf(ctx, fixtures);
  await watchEveryTable();
});

afterAll(async () => {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const statuses = [...tally.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `hostile input: ${tally.requests} requests to ${routes?.length ?? 0} routes as ` +
      `${VIEWERS.length} roles (seed ${SEED}) in ${seconds} s; ${tally.refused} refused, ` +
      `${tally.succeeded} succeeded; by status ${statuses}`,
  );
  await ctx?.close();
});

describe('hostile input', () => {
  it('finds every route of the app, and knows what to send each one that takes input', () => {
    const doc = ctx.app.swagger() as unknown as OpenApi;
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const missing = routes
      .filter((r) => r.access !== undefined && needsInput(r, doc) && !r.input)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes with no line in INPUTS').toEqual([]);
    expect(Object.keys(INPUTS).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(AUTH_INPUTS).filter((key) => !keys.has(key))).toEqual([]);
    // The OpenAPI document is built from the same routes: each of its operations is covered.
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.filter((key) => !keys.has(key))).toEqual([]);
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      expect(ctx.app.hasRoute({ method: 'GET', url }), url).toBe(true);
    }
    expect(routes.length).toBeGreaterThan(90);
  });

  for (const viewer of VIEWERS) {
    it(
      `answers every route's hostile input as ${viewer}: no 5xx, the error body, no row changed`,
      { timeout: 240_000 },
      async () => {
        const failures: string[] = [];
        for (const route of routes) {
          // The last batch's fingerprint still holds when no row changed since (sign-ins do).
          const before =
            fingerprint?.at === lastChange ? fingerprint.value : await dataFingerprint();
          const succeededBefore = tally.succeeded;
          try {
            await fc.assert(
              fc.asyncProperty(requestArbitrary(route), (plan) => send(route, viewer, plan)),
              {
                seed: seedFor(viewer, route),
                numRuns: route.input?.runs ?? RUNS,
                includeErrorInReport: true,
              },
            );
          } catch (error) {
            failures.push(`${route.method} ${route.url}: ${String(error).slice(0, 3_000)}`);
          }
          // The whole batch refused: every table is as it was, row for row.
          if (tally.succeeded === succeededBefore) {
            const after = await dataFingerprint();
            if (after !== before) {
              failures.push(`${route.method} ${route.url}: refused requests changed rows`);
            }
            fingerprint = { at: lastChange, value: after };
          }
          await keepSignedIn(viewer);
        }
        expect(failures).toEqual([]);
      },
    );
  }
});

describe('hostile input, afterwards', () => {
  it('reads back whatever the hostile requests stored, as every role, without a 5xx', async () => {
    const failures: string[] = [];
    const reads = routes.filter((r) => r.method === 'GET' && r.access !== undefined);
    for (const viewer of VIEWERS) {
      for (const route of reads) {
        const input = route.input ?? {};
        const path = route.url.replace(/:(\w+)/g, (_, name: string) => input.params?.[name] ?? 'x');
        const query = new URLSearchParams(input.query ?? {}).toString();
        const plan: Plan = {
          method: 'GET',
          url: query ? `${path}?${query}` : path,
          origin: undefined,
          cookie: { session: 'role', extras: [], extrasFirst: false },
          headers: {},
          body: undefined,
        };
        await send(route, viewer, plan).catch((error: Error) => failures.push(error.message));
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a method a route does not take with the error body', async () => {
    const byUrl = new Map<string, RouteUnderTest[]>();
    for (const route of routes) byUrl.set(route.url, [...(byUrl.get(route.url) ?? []), route]);
    const failures: string[] = [];
    for (const [url, served] of byUrl) {
      const taken = new Set(
        served.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])),
      );
      const input = served.find((r) => r.input?.params)?.input ?? {};
      const path = url.replace(/:(\w+)/g, (_, name: string) => input.params?.[name] ?? 'x');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        if (taken.has(method)) continue;
        const response = await ctx.app.inject({
          method: method as 'GET',
          url: path,
          headers: { origin: APP_URL, cookie: sessions.get('super_admin')!.cookie },
          remoteAddress: nextAddress(),
          ...(method === 'GET' || method === 'OPTIONS' ? {} : { payload: {} }),
        });
        tally.requests += 1;
        const problem =
          response.statusCode >= 500 || response.statusCode < 400
            ? `status ${response.statusCode}`
            : refusalProblem(served[0]!, response);
        if (problem) failures.push(`${method} ${path}: ${problem} ${response.body.slice(0, 200)}`);
      }
    }
    expect(await rowChanges()).toEqual([]);
    expect(failures).toEqual([]);
  });
});

// ---------------------------------------------------------------- bodies over the limit

describe('a body over the limit', () => {
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  /**
   * Write routes with a body each would accept: padded with JSON's own whitespace past the
   * route's limit, it would succeed if it were read, so a 413 with no row changed shows the
   * handler never ran.
   */
  const oversized: { viewer: Viewer; method: string; url: string; body: object; limit: number }[] =
    [
      {
        viewer: 'customer',
        method: 'POST',
        url: '/api/vehicles',
        body: { ...vehicle, licensePlate: 'BIG 1' },
        limit: BODY_LIMIT,
      },
      {
        viewer: 'admin',
        method: 'PUT',
        url: '/api/business',
        body: { ...(INPUTS['PUT /api/business']!({} as Fixtures).body as object), name: 'Big' },
        limit: BODY_LIMIT,
      },
      {
        viewer: 'customer',
        method: 'POST',
        url: '/api/bookings',
        body: bookingBody(),
        limit: BODY_LIMIT,
      },
      {
        viewer: 'signed-out',
        method: 'POST',
        url: '/api/auth/sign-up/email',
        body: { email: 'big-body@example.com', password: 'password123', name: 'Big' },
        limit: BODY_LIMIT,
      },
      {
        viewer: 'customer',
        method: 'PUT',
        url: '/api/profile/photo',
        body: { photo: TINY_PNG },
        limit: PHOTO_DATA_URL_MAX_LENGTH + 1024,
      },
    ];

  function expectTooLarge(status: number, body: string, where: string) {
    expect(status, `${where}: ${body.slice(0, 200)}`).toBe(413);
    expect(JSON.parse(body), where).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
    });
  }

  function cookieOf(viewer: Viewer): Record<string, string> {
    return viewer === 'signed-out' ? {} : { cookie: sessions.get(viewer)!.cookie };
  }

  it('is refused with 413 and the error body when its length is declared, changing nothing', async () => {
    const before = await dataFingerprint();
    for (const { viewer, method, url, body, limit } of oversized) {
      const padded = paddedBody(body, limit + 1);
      const response = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { origin: APP_URL, 'content-type': JSON_TYPE, ...cookieOf(viewer) },
        payload: padded.payload,
      });
      tally.requests += 1;
      expectTooLarge(response.statusCode, response.body, `${method} ${url}`);
    }
    // The local checkout's card form takes 4 KB.
    const form = await ctx.app.inject({
      method: 'POST',
      url: `/checkout/local/${fixtures.openSessionId}`,
      headers: { origin: APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `cardNumber=4242424242424242&cardName=${'a'.repeat(5_000)}`,
    });
    tally.requests += 1;
    expectTooLarge(form.statusCode, form.body, 'the local checkout form');
    // Twilio's webhooks take 16 KB.
    const twilioForm = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `From=%2B15550104477&Body=${'a'.repeat(17_000)}`,
    });
    tally.requests += 1;
    expectTooLarge(twilioForm.statusCode, twilioForm.body, 'the Twilio webhook form');
    expect(await rowChanges()).toEqual([]);
    expect(await dataFingerprint()).toEqual(before);
  });

  it('is refused with 413 as it arrives when sent chunked, without a length', async () => {
    const before = await dataFingerprint();
    for (const { viewer, method, url, body, limit } of oversized) {
      const cookie = cookieOf(viewer).cookie;
      const answer = await streamUntilAnswered(port, {
        head:
          `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${APP_URL}\r\n` +
          `${cookie ? `Cookie: ${cookie}\r\n` : ''}Content-Type: ${JSON_TYPE}\r\n` +
          'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
        first: Buffer.from(JSON.stringify(body)),
        // Twice the limit, then nothing: the body never ends (no last chunk).
        total: limit * 2,
      });
      tally.requests += 1;
      expectTooLarge(answer.status, answer.body, `${method} ${url}`);
      // The last chunk is never sent, so a server that waited for the end would not answer at
      // all: it refused the body as it came. (How much was written before the answer arrived
      // says little: the kernel's socket buffers take in megabytes on loopback.)
      expect(answer.sentBeforeAnswer, `${method} ${url}`).toBeGreaterThan(limit);
    }
    expect(await rowChanges()).toEqual([]);
    expect(await dataFingerprint()).toEqual(before);
  });

  it('reaches a client that reads the 413 only after it sent more (not lost to a reset)', async () => {
    // Closed at once with the client's bytes unread, the connection would be reset and the
    // answer waiting in the client's buffer thrown away; the server reads on for a moment.
    const { method, url, body } = oversized[0]!;
    for (const chunked of [true, false]) {
      const answer = await streamUntilAnswered(port, {
        head:
          `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${APP_URL}\r\n` +
          `Cookie: ${sessions.get('customer')!.cookie}\r\nContent-Type: ${JSON_TYPE}\r\n` +
          (chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${BODY_LIMIT * 4}\r\n`) +
          'Connection: close\r\n\r\n',
        first: Buffer.from(JSON.stringify(body)),
        total: BODY_LIMIT * 3,
        readLate: true,
      });
      tally.requests += 1;
      expectTooLarge(answer.status, answer.body, `${method} ${url}, chunked: ${chunked}`);
    }
    expect(await rowChanges()).toEqual([]);
  });

  it('runs no request pipelined behind a refused body on the same connection', async () => {
    const { method, url, body } = oversized[0]!;
    const head = (length: number) =>
      `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${APP_URL}\r\n` +
      `Cookie: ${sessions.get('customer')!.cookie}\r\nContent-Type: ${JSON_TYPE}\r\n` +
      `Content-Length: ${length}\r\n\r\n`;
    const refused = paddedBody(body, BODY_LIMIT + 1).payload;
    const small = JSON.stringify({ ...vehicle, licensePlate: 'PIPE 1' });
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('error', () => undefined);
    // The refused request, then a valid one right behind it, in one write.
    socket.write(
      head(Buffer.byteLength(refused)) + refused + head(Buffer.byteLength(small)) + small,
    );
    await Promise.race([once(socket, 'close'), new Promise((r) => setTimeout(r, 5_000))]);
    socket.destroy();
    tally.requests += 2;
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(await rowChanges()).toEqual([]);
  });

  it('is refused with 413 before it is sent when its declared length is over the limit', async () => {
    for (const { viewer, method, url } of oversized) {
      const cookie = cookieOf(viewer).cookie;
      const answer = await streamUntilAnswered(port, {
        head:
          `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${APP_URL}\r\n` +
          `${cookie ? `Cookie: ${cookie}\r\n` : ''}Content-Type: ${JSON_TYPE}\r\n` +
          'Content-Length: 1000000000\r\nConnection: close\r\n\r\n',
        total: 0,
      });
      tally.requests += 1;
      expectTooLarge(answer.status, answer.body, `${method} ${url}`);
    }
    expect(await rowChanges()).toEqual([]);
  });
});

/**
 * Sends `head`, then `first` and 16 KiB chunks of spaces (chunked encoding when the head says
 * so) until the server answers (or, with `readLate`, regardless), the socket closes or `total`
 * bytes went out; answers the status,
 * the body and how many body bytes were sent before the first byte of the answer.
 */
async function streamUntilAnswered(
  port: number,
  {
    head,
    first,
    total,
    readLate = false,
  }: { head: string; first?: Buffer; total: number; readLate?: boolean },
): Promise<{ status: number; body: string; sentBeforeAnswer: number }> {
  const chunked = /transfer-encoding: chunked/i.test(head);
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  let sent = 0;
  let sentBeforeAnswer = -1;
  let answered: () => void = () => undefined;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  socket.on('data', (data: Buffer) => {
    if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
    received += data.toString('latin1');
    answered();
  });
  // A client busy sending reads nothing until it is done (`readLate`): all `total` bytes go out
  // unless the connection breaks first.
  if (readLate) socket.pause();
  // The server may close the connection while this side is still writing.
  socket.on('error', () => answered());
  // (`once` also rejects on the socket's error: either way the exchange is over.)
  const closed = once(socket, 'close').then(answered, answered);
  socket.write(head);
  const pad = Buffer.alloc(16 * 1024, ' ');
  let next = first ?? pad;
  while ((readLate || sentBeforeAnswer < 0) && sent < total && !socket.destroyed) {
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${next.length.toString(16)}\r\n`), next, Buffer.from('\r\n')])
      : next;
    sent += next.length;
    next = pad;
    // EPIPE when the server closed first: that is an end too.
    if (!socket.write(frame)) {
      await Promise.race([once(socket, 'drain').catch(() => undefined), answer]);
    } else await new Promise((resolve) => setImmediate(resolve));
  }
  if (readLate) socket.resume();
  await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  socket.destroy();
  const [headers = '', body = ''] = received.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
  return { status, body: Buffer.from(body, 'latin1').toString('utf8'), sentBeforeAnswer };
}
