// The rows of each scale's table: what each one requests, as whom, and how many connections.
// The booking row books a distinct free slot each request (days after the generated ones, so
// never a full one) with a fresh idempotency key; the move row moves a different visit each
// request to a slot with room (moves.mjs).
import { randomUUID } from 'node:crypto';
import { FUTURE_DAYS } from './data.mjs';

/** Connections for most rows (the issue's reference figures). */
const CONNECTIONS = 50;
/** Connections of the latency budget's runs. */
const FEW_CONNECTIONS = 10;
export const BOOKING_HORIZON_DAYS = 365;
/** A 30-minute service: each booking takes one slot. */
const BOOKED_SERVICE = 'battery-service';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** HH:MM of every slot the business's `hours` offer on `date`. */
export function slotsOfDay(hours, date) {
  const { isOpen, openTime, closeTime } =
    hours[WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]];
  if (!isOpen) return [];
  const minutes = (time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const times = [];
  for (let t = minutes(openTime); t < minutes(closeTime); t += 30) {
    times.push(`${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
  }
  return times;
}

/**
 * Every free slot from the day after the generated ones to the booking horizon, ordered so that
 * consecutive requests book different dates (as customers do, and not all behind one date's
 * lock). Each call of the returned function gives the next slot; after the last it starts again
 * (each slot takes CAPACITY visits, so the second round still finds room).
 */
export function freeSlots(today, hours) {
  const days = [];
  for (let offset = FUTURE_DAYS + 2; offset < BOOKING_HORIZON_DAYS; offset += 1) {
    const date = addDays(today, offset);
    days.push({ date, times: slotsOfDay(hours, date) });
  }
  const slots = [];
  const longest = Math.max(...days.map((day) => day.times.length));
  for (let index = 0; index < longest; index += 1) {
    for (const day of days)
      if (index < day.times.length) slots.push({ date: day.date, time: day.times[index] });
  }
  let next = 0;
  return () => slots[next++ % slots.length];
}

/** POST /api/bookings requests for `customer`, one per free slot. */
function bookingRequests(customer, nextSlot) {
  return () => ({
    body: JSON.stringify({
      services: [BOOKED_SERVICE],
      ...nextSlot(),
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: '(555) 010-2030',
      address: '12 Main St',
      city: 'Downtown',
      zipCode: '10001',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleYear: '2018',
      vehicleColor: 'Blue',
      licensePlate: 'ABC-1234',
      description: '',
      idempotencyKey: randomUUID(),
    }),
  });
}

/**
 * The rows of one scale: `compared`, measured in turns (measureTogether) so that their shares of
 * the baseline's req/s are fair, then `others`, one after another.
 * @param {{ baselineUrl: string, url: string, accounts: Awaited<ReturnType<
 *   typeof import('./accounts.mjs').createAccounts>>, busyDate: string, nextSlot: () => object,
 *   nextMove: () => { path: string, body: string } }} context
 * @returns {{ compared: import('./measure.mjs').Scenario[],
 *   others: import('./measure.mjs').Scenario[] }}
 */
export function scenarios({ baselineUrl, url, accounts, busyDate, nextSlot, nextMove }) {
  const { admin, customer } = accounts;
  const asAdmin = { headers: { cookie: admin.cookie } };
  const asCustomer = { headers: { cookie: customer.cookie } };
  const slots = { path: `/api/booking/slots?date=${busyDate}` };
  const search = { path: searchPath(customer) };
  const few = { connections: FEW_CONNECTIONS };
  const row = (id, name, extra) => ({ id, name, url, connections: CONNECTIONS, ...extra });
  return {
    compared: [
      row('baseline', 'bare Fastify (baseline)', { url: baselineUrl, path: '/' }),
      row('services', 'GET /api/services', { path: '/api/services' }),
      row('me', 'GET /api/me (customer)', { path: '/api/me', ...asCustomer }),
    ],
    others: [
      row('slots', 'GET /api/booking/slots (busy day)', slots),
      row('slots-10', 'GET /api/booking/slots (busy day)', { ...slots, ...few }),
      row('booking', 'POST /api/bookings (customer)', {
        path: '/api/bookings',
        method: 'POST',
        headers: { ...asCustomer.headers, origin: url, 'content-type': 'application/json' },
        nextRequest: bookingRequests(customer, nextSlot),
      }),
      row('search', 'GET /api/appointments/search (admin)', { ...search, ...asAdmin }),
      row('search-10', 'GET /api/appointments/search (admin)', { ...search, ...asAdmin, ...few }),
      row('dashboard', 'GET /api/metrics/dashboard (admin)', {
        path: '/api/metrics/dashboard',
        ...asAdmin,
      }),
      row('mine', 'GET /api/appointments/mine (customer)', {
        path: '/api/appointments/mine',
        ...asCustomer,
      }),
      // Last, so the rows before it read the visits where the load put them.
      row('move-10', 'POST /api/visits/:id/move (admin)', {
        path: '/api/visits/:id/move', // each request's own visit, from nextMove
        method: 'POST',
        headers: { ...asAdmin.headers, origin: url, 'content-type': 'application/json' },
        nextRequest: nextMove,
        ...few,
      }),
    ],
  };
}

/** The admin's search for the customer's full name: a page of the staff's appointment table. */
export function searchPath(customer) {
  return `/api/appointments/search?q=${encodeURIComponent(`${customer.firstName} ${customer.lastName}`)}`;
}

/** The service list, on a server with the global rate limiter on or off. */
export function servicesRow(url, isRateLimited) {
  return {
    id: isRateLimited ? 'services-rate-limited' : 'services-unlimited',
    name: `GET /api/services (rate limiter ${isRateLimited ? 'on' : 'off'})`,
    url,
    path: '/api/services',
    connections: CONNECTIONS,
  };
}

/** The path of a busy day's slots for a 30-minute visit at `zipCode` (drives counted from it). */
export function technicianSlotsPath(busyDate, service, zipCode) {
  return `/api/booking/slots?date=${busyDate}&services=${service}&zipCode=${zipCode}`;
}

/** How often a booking is written during the churn row: far more often than a shop books. */
export const CHURN_EVERY_MS = 100;

/**
 * The busy day's slots by technicians' schedules, at the latency budget's connections; with
 * `churn`, while bookings are written that often (each makes the server read the day again).
 */
export function technicianSlotsRow(url, path, churn) {
  return {
    id: churn ? 'slots-technicians-churn-10' : 'slots-technicians-10',
    name: churn
      ? `GET /api/booking/slots by technicians (busy day, a booking written every ${churn.everyMs} ms)`
      : 'GET /api/booking/slots by technicians (busy day)',
    url,
    path,
    connections: FEW_CONNECTIONS,
  };
}
