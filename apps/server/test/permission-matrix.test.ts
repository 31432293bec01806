// Every guarded route x every role -> the status its role gets. The expected access of each route
// is written out here, not read from the route itself, so a route that declares the wrong rule
// fails, and so does a route added without a line in this table. Which roles hold a permission is
// pinned, role by role, in packages/shared/src/permissions.test.ts. Refused writes are sent with
// valid bodies against real rows and must leave every table's contents unchanged.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@pitstop/shared/permissions';
import type { Permission } from '@pitstop/shared/permissions';
import { ROLES } from '@pitstop/shared/roles';
import type { Role } from '@pitstop/shared/roles';
import { sql } from 'drizzle-orm';
import {
  APP_URL,
  bookAndPay,
  bookingBody,
  createTestContext,
  createUser,
  fingerprintTables,
  futureWeekday,
  onboardingBody,
  postBooking,
  DOWNTOWN_AREA_ID,
} from './harness.ts';
import type { TestContext } from './harness.ts';

type Expected = 'public' | 'signed-in' | Permission;

// Production mode, as `npm start` runs, without SMTP_URL (so the dev mailbox exists).
const EXPECTED: Record<string, Expected> = {
  'GET /api/health': 'public',
  'GET /api/me': 'public',
  'GET /api/business': 'public',
  'PUT /api/business': 'business:edit',
  'GET /api/business/staff-two-factor': 'user:manage',
  'PUT /api/business/staff-two-factor': 'user:manage',
  'GET /api/appointments/mine': 'appointment:read:own',
  'GET /api/appointments/balance-due': 'appointment:read:any',
  'GET /api/appointments/:id/calendar.ics': 'appointment:read:own',
  'PATCH /api/appointments/:id/technician': 'appointment:assign',
  'GET /api/appointments/search': 'appointment:read:any',
  'PATCH /api/appointments/:id/status': 'appointment:status:any',
  'GET /api/visits/:bookingId/slots': 'visit:move',
  'POST /api/visits/:bookingId/move': 'visit:move',
  'POST /api/visits/:bookingId/schedule': 'visit:move',
  'GET /api/my/visits/:bookingId/slots': 'visit:manage:own',
  'POST /api/my/visits/:bookingId/move': 'visit:manage:own',
  'GET /api/my/visits/:bookingId/terms': 'visit:manage:own',
  'POST /api/my/visits/:bookingId/cancel': 'visit:manage:own',
  'GET /api/my/visits/:bookingId/balance': 'visit:manage:own',
  'POST /api/my/visits/:bookingId/balance/checkout': 'visit:manage:own',
  'PUT /api/my/visits/:bookingId/texts': 'visit:manage:own',
  'GET /api/visits/:bookingId/messages': 'appointment:read:any',
  'GET /api/visits/:bookingId/payment': 'visit:cancel',
  'POST /api/visits/:bookingId/cancel': 'visit:cancel',
  'GET /api/metrics/dashboard': 'metrics:read',
  'GET /api/metrics/today-appointments': 'metrics:read',
  'GET /api/metrics/active-technicians': 'metrics:read',
  'GET /api/metrics/completion-rate': 'metrics:read',
  'GET /api/metrics/service-time': 'metrics:read',
  'GET /api/analytics': 'metrics:read',
  'GET /api/profile': 'profile:edit:own',
  'PUT /api/profile': 'profile:edit:own',
  'PUT /api/profile/photo': 'profile:edit:own',
  'DELETE /api/profile/photo': 'profile:edit:own',
  'GET /api/profiles/:id/photo': 'profile:edit:own',
  'GET /api/vehicles': 'vehicle:manage:own',
  'POST /api/vehicles': 'vehicle:manage:own',
  'PUT /api/vehicles/:id': 'vehicle:manage:own',
  'DELETE /api/vehicles/:id': 'vehicle:manage:own',
  'GET /api/vehicles/decode': 'public',
  'GET /api/vehicles/:id/history': 'vehicle:manage:own',
  'PUT /api/vehicles/:id/reminders': 'vehicle:manage:own',
  // The reminder e-mail's stop link: its signature is the credential (rate limited per address).
  'POST /api/vehicles/:id/reminders/stop': 'public',
  'GET /api/vehicles/due-soon': 'appointment:read:any',
  'GET /api/visits/:bookingId/vehicle-history': 'appointment:read:any',
  'GET /api/booking/slots': 'public',
  'POST /api/bookings': 'signed-in',
  'POST /api/bookings/pay-now': 'signed-in',
  'GET /api/bookings/unscheduled': 'appointment:read:any',
  'GET /api/bookings/holds': 'appointment:read:any',
  'POST /api/bookings/holds/:bookingId/release': 'appointment:status:any',
  'POST /api/bookings/:bookingId/cancel-checkout': 'signed-in',
  'GET /api/checkout/sessions/:sessionId': 'signed-in',
  // Stripe's signed events; without Stripe configured (as here) it answers 404.
  'POST /api/payments/stripe/webhook': 'public',
  // Twilio's signed webhooks; without Twilio configured (as here) they answer 404.
  'POST /api/webhooks/twilio/inbound': 'public',
  'POST /api/webhooks/twilio/status': 'public',
  // The local checkout's hosted page (no Stripe configured): the session id is the secret.
  'GET /checkout/local/:sessionId': 'public',
  'POST /checkout/local/:sessionId': 'public',
  'GET /api/services': 'public',
  'POST /api/services': 'service:manage',
  'PUT /api/services/:id': 'service:manage',
  'DELETE /api/services/:id': 'service:manage',
  'POST /api/services/:id/move': 'service:manage',
  'GET /api/setup': 'public',
  'POST /api/setup': 'public',
  'GET /api/users': 'user:manage',
  'POST /api/users': 'user:manage',
  'PATCH /api/users/:id': 'user:manage',
  'DELETE /api/users/:id': 'user:manage',
  'POST /api/user-cleanup': 'user:cleanup',
  'GET /api/technicians': 'technician:read',
  'GET /api/technicians/working-days': 'technician:read',
  'GET /api/technicians/assignable': 'technician:read',
  'GET /api/technicians/day-plan': 'technician:read',
  'POST /api/technicians/invitations': 'technician:invite',
  'POST /api/technicians/:id/invitation': 'technician:manage',
  'PATCH /api/technicians/:id': 'technician:manage',
  'DELETE /api/technicians/:id': 'technician:manage',
  'GET /api/technicians/:id/ratings': 'technician:read',
  // The rating link is the credential (rate limited per address); staff follow up low ratings.
  'GET /api/ratings/:token': 'public',
  'POST /api/ratings/:token': 'public',
  'GET /api/ratings/low': 'admin:dashboard',
  'POST /api/ratings/:bookingId/follow-up': 'admin:dashboard',
  // The invitation link is the credential (rate limited per address).
  'POST /api/technician-invitations/check': 'public',
  'POST /api/technician-invitations/accept': 'public',
  'GET /api/technician/onboarding': 'job:work:own',
  'PUT /api/technician/onboarding': 'job:work:own',
  'GET /api/technician/dashboard': 'job:work:own',
  'PUT /api/technician/duty': 'job:work:own',
  'GET /api/technician/working-days': 'job:work:own',
  'PUT /api/technician/working-days/:date': 'job:work:own',
  'PATCH /api/technician/jobs/:id/status': 'job:work:own',
  'POST /api/technician/jobs/:id/services': 'job:work:own',
  'GET /api/technician/jobs/:id/balance-link': 'job:work:own',
  'POST /api/technician/jobs/:id/balance-link/email': 'job:work:own',
  'POST /api/technician/jobs/:id/arrival': 'job:work:own',
  'GET /api/dev/mailbox': 'mailbox:read',
  'GET /dev/mailbox': 'mailbox:read',
  'GET /dev/mailbox/:id': 'mailbox:read',
  'GET /dev/mailbox/:id/attachments/:index': 'mailbox:read',
};

let ctx: TestContext;
const cookies = new Map<Role, string>();
let victimProfileId = '';
let victimVehicleId = '';
// The technician role's own profile, and a job of a paid visit assigned to it.
let technicianProfileId = '';
let jobId = '';
let visitBookingId = '';
// An unpaid visit holding its slot, for the staff's release.
let heldBookingId = '';
/** Where a paid Pay Now order is done, as staff schedule one. */
const scheduledPlace = {
  address: '1 Matrix Way',
  city: 'Springfield',
  zipCode: '12345',
  vehicleMake: 'Toyota',
  vehicleModel: 'Camry',
  vehicleYear: '2019',
  vehicleColor: 'Blue',
  licensePlate: 'MTX 102',
};
const vehicleBody = {
  make: 'Toyota',
  model: 'Camry',
  year: '2019',
  color: 'Blue',
  licensePlate: 'MTX 101',
};

beforeAll(async () => {
  ctx = await createTestContext({ NODE_ENV: 'production' });
  for (const role of ROLES) cookies.set(role, (await createUser(ctx, role)).cookie);
  const victim = await createUser(ctx, 'customer');
  const [row] = await ctx.database.db
    .execute(sql`select id from user_profiles where user_id = ${victim.userId}`)
    .then((r) => r.rows as { id: string }[]);
  victimProfileId = row!.id;
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: { cookie: victim.cookie, origin: APP_URL },
    payload: vehicleBody,
  });
  victimVehicleId = (added.json() as { vehicle: { id: string } }).vehicle.id;

  const technicianCookie = cookies.get('technician')!;
  const me = await ctx.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { cookie: technicianCookie },
  });
  technicianProfileId = (me.json() as { viewer: { profileId: string } }).viewer.profileId;
  // An onboarded technician: only they can work, and be given jobs.
  await ctx.database.db.execute(
    sql`update user_profiles set onboarding_complete = true where id = ${technicianProfileId}`,
  );
  const bookingId = await bookAndPay(ctx, victim);
  const [job] = await ctx.database.db
    .execute(sql`select id from appointments where booking_id = ${bookingId}`)
    .then((r) => r.rows as { id: string }[]);
  jobId = job!.id;
  visitBookingId = bookingId;
  const held = await postBooking(ctx, victim, bookingBody({ time: '15:00' }));
  expect(held.statusCode, held.body).toBe(201);
  heldBookingId = (held.json() as { bookingId: string }).bookingId;
  const assigned = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/appointments/${jobId}/technician`,
    headers: { cookie: cookies.get('admin')!, origin: APP_URL },
    payload: { technicianId: technicianProfileId },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

/** A request that would succeed for a role allowed to make it: real ids, valid bodies. */
function validRequest(method: string, url: string): { url: string; payload?: object } {
  const serviceBody = {
    name: 'Matrix Service',
    icon: 'Wrench',
    description: 'Made by the permission matrix',
    price: 10,
    duration: '45 minutes',
    includes: ['One thing'],
  };
  switch (`${method} ${url}`) {
    case 'PUT /api/business':
      return {
        url,
        payload: {
          name: 'Hijacked',
          phone: '(555) 000-0000',
          email: 'evil@example.com',
          timeZone: 'America/New_York',
          capacity: 9,
          hours: Object.fromEntries(
            ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
              (day) => [day, { isOpen: false, openTime: '07:00', closeTime: '19:00' }],
            ),
          ),
        },
      };
    case 'POST /api/services':
      return { url, payload: serviceBody };
    case 'PUT /api/services/:id':
      return { url: '/api/services/basic-oil-change', payload: serviceBody };
    case 'DELETE /api/services/:id':
      return { url: '/api/services/basic-oil-change' };
    case 'POST /api/services/:id/move':
      return { url: '/api/services/basic-oil-change/move', payload: { order: 3 } };
    case 'POST /api/users':
      return {
        url,
        payload: {
          name: 'Intruder',
          email: 'intruder@example.com',
          password: 'secret12',
          role: 'super_admin',
        },
      };
    case 'PATCH /api/users/:id':
      return { url: `/api/users/${victimProfileId}`, payload: { name: 'Renamed' } };
    case 'DELETE /api/users/:id':
      return { url: `/api/users/${victimProfileId}` };
    case 'POST /api/vehicles':
      return { url, payload: { ...vehicleBody, licensePlate: 'MTX 202' } };
    case 'PUT /api/vehicles/:id':
      return { url: `/api/vehicles/${victimVehicleId}`, payload: vehicleBody };
    case 'DELETE /api/vehicles/:id':
      return { url: `/api/vehicles/${victimVehicleId}` };
    case 'GET /api/vehicles/decode':
      return { url: `${url}?vin=1HGCM82633A004352` };
    case 'GET /api/vehicles/:id/history':
      return { url: `/api/vehicles/${victimVehicleId}/history` };
    case 'PUT /api/vehicles/:id/reminders':
      return { url: `/api/vehicles/${victimVehicleId}/reminders`, payload: { on: false } };
    case 'GET /api/visits/:bookingId/vehicle-history':
      return { url: `/api/visits/${visitBookingId}/vehicle-history` };
    case 'POST /api/user-cleanup':
      return { url, payload: { confirmation: 'DELETE ALL USERS' } };
    case 'PATCH /api/appointments/:id/technician':
      return { url: `/api/appointments/${jobId}/technician`, payload: { technicianId: null } };
    case 'GET /api/visits/:bookingId/slots':
      return { url: `/api/visits/${visitBookingId}/slots?date=${futureWeekday(21)}` };
    case 'POST /api/visits/:bookingId/move':
      return {
        url: `/api/visits/${visitBookingId}/move`,
        payload: { date: futureWeekday(21), time: '11:00' },
      };
    case 'POST /api/visits/:bookingId/schedule':
      // A visit is already scheduled: staff get past the permission to the 409.
      return {
        url: `/api/visits/${visitBookingId}/schedule`,
        payload: { ...scheduledPlace, date: futureWeekday(21), time: '11:00' },
      };
    case 'GET /api/my/visits/:bookingId/slots':
      return { url: `/api/my/visits/${visitBookingId}/slots?date=${futureWeekday(21)}` };
    case 'POST /api/my/visits/:bookingId/move':
      // Only the visit's own customer moves it; signed out, the guard refuses first.
      return {
        url: `/api/my/visits/${visitBookingId}/move`,
        payload: { date: futureWeekday(21), time: '11:00' },
      };
    case 'GET /api/my/visits/:bookingId/terms':
      return { url: `/api/my/visits/${visitBookingId}/terms` };
    case 'POST /api/my/visits/:bookingId/cancel':
      return { url: `/api/my/visits/${visitBookingId}/cancel`, payload: { refundCents: 0 } };
    case 'GET /api/my/visits/:bookingId/balance':
      return { url: `/api/my/visits/${visitBookingId}/balance` };
    case 'POST /api/my/visits/:bookingId/balance/checkout':
      return { url: `/api/my/visits/${visitBookingId}/balance/checkout` };
    case 'PUT /api/my/visits/:bookingId/texts':
      return { url: `/api/my/visits/${visitBookingId}/texts`, payload: { textUpdates: false } };
    case 'GET /api/visits/:bookingId/messages':
      return { url: `/api/visits/${visitBookingId}/messages` };
    case 'GET /api/visits/:bookingId/payment':
      return { url: `/api/visits/${visitBookingId}/payment` };
    case 'POST /api/visits/:bookingId/cancel':
      return { url: `/api/visits/${visitBookingId}/cancel`, payload: { refund: 'full' } };
    case 'PATCH /api/appointments/:id/status':
      return { url: `/api/appointments/${jobId}/status`, payload: { status: 'cancelled' } };
    case 'POST /api/bookings/:bookingId/cancel-checkout':
      // Anyone signed in may ask; only the booking's customer releases it (404 for the others).
      return { url: `/api/bookings/${heldBookingId}/cancel-checkout` };
    case 'POST /api/bookings/holds/:bookingId/release':
      return { url: `/api/bookings/holds/${heldBookingId}/release` };
    case 'POST /api/technicians/invitations':
      return { url, payload: { name: 'Matrix Tech', email: 'matrix-tech@example.com' } };
    case 'POST /api/technicians/:id/invitation':
      return { url: `/api/technicians/${technicianProfileId}/invitation` };
    case 'PATCH /api/technicians/:id':
      return {
        url: `/api/technicians/${technicianProfileId}`,
        payload: {
          name: 'Renamed Tech',
          phone: '(555) 111-2222',
          street: '1 Main St',
          city: 'Springfield',
          zipCode: '12345',
          homeZip: '30303',
          serviceAreaIds: [DOWNTOWN_AREA_ID],
          emergencyContact: 'Someone',
          emergencyPhone: '(555) 333-4444',
        },
      };
    case 'DELETE /api/technicians/:id':
      return { url: `/api/technicians/${technicianProfileId}` };
    case 'PUT /api/technician/onboarding':
      return { url, payload: onboardingBody() };
    case 'PUT /api/technician/duty':
      return { url, payload: { onDuty: false } };
    case 'PUT /api/technician/working-days/:date':
      return {
        url: `/api/technician/working-days/${futureWeekday(3)}`,
        payload: { working: true },
      };
    case 'PATCH /api/technician/jobs/:id/status':
      return { url: `/api/technician/jobs/${jobId}/status`, payload: { status: 'in-progress' } };
    case 'POST /api/technician/jobs/:id/services':
      return {
        url: `/api/technician/jobs/${jobId}/services`,
        payload: { serviceIds: ['battery-service'] },
      };
    case 'GET /api/technician/jobs/:id/balance-link':
      return { url: `/api/technician/jobs/${jobId}/balance-link` };
    case 'POST /api/technician/jobs/:id/balance-link/email':
      return { url: `/api/technician/jobs/${jobId}/balance-link/email` };
    case 'POST /api/technician/jobs/:id/arrival':
      return { url: `/api/technician/jobs/${jobId}/arrival`, payload: { minutes: 30 } };
    default:
      return {
        url: url.replace(/:[a-zA-Z]+/g, randomUUID()),
        payload: method === 'GET' ? undefined : {},
      };
  }
}

function expectedStatus(access: Expected, role: Role | 'anonymous'): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (role === 'anonymous') return 401;
  if (access === 'signed-in') return 'allowed';
  return can(role, access) ? 'allowed' : 403;
}

describe('permission matrix', () => {
  it('has a line for every route, and every route declares the rule the table gives it', () => {
    const declared = Object.fromEntries(
      ctx.app.ctx.routes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(declared).toEqual(EXPECTED);
  });

  it('answers each role as the table says, and refused writes change nothing', async () => {
    const failures: string[] = [];
    for (const [key, access] of Object.entries(EXPECTED)) {
      const [method, url] = key.split(' ') as [string, string];
      for (const role of ['anonymous', ...ROLES] as const) {
        const expected = expectedStatus(access, role);
        const headers = role === 'anonymous' ? {} : { cookie: cookies.get(role)! };
        if (expected === 'allowed') {
          // Allowed: a harmless request (unknown ids, empty bodies) must get past the guard.
          const target = url.replace(/:[a-zA-Z]+/g, randomUUID());
          const response = await ctx.app.inject({
            method: method as 'GET',
            url: target,
            headers,
            ...(method === 'GET' ? {} : { payload: {} }),
          });
          if ([401, 403].includes(response.statusCode) || response.statusCode >= 500) {
            failures.push(`${key} as ${role}: got ${response.statusCode}, expected allowed`);
          }
          continue;
        }
        const request = validRequest(method, url);
        const before = await fingerprintTables(ctx);
        const response = await ctx.app.inject({
          method: method as 'GET',
          url: request.url,
          headers,
          ...(request.payload ? { payload: request.payload } : {}),
        });
        if (response.statusCode !== expected) {
          failures.push(`${key} as ${role}: got ${response.statusCode}, expected ${expected}`);
        }
        expect(await fingerprintTables(ctx), `${key} as ${role} changed rows`).toEqual(before);
      }
    }
    expect(failures).toEqual([]);
  });
});
