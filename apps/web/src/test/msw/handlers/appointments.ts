// Doubles of the customer's own appointments (GET /api/appointments/mine): each account's
// upcoming and past visits and paid orders not yet scheduled, as a test seeds them; and the
// staff's visits with a balance due (GET /api/appointments/balance-due). The calendar file
// (GET /api/appointments/:calendarId/calendar.ics) is a download link the page never fetches.
import {
  balanceDueListResponseSchema,
  myAppointmentsResponseSchema,
  type BalanceDueVisit,
  type MyAppointmentsResponse,
  type MyUnscheduledOrder,
  type MyVisit,
} from '@pitstop/shared/appointments/responses';
import { http } from 'msw';
import { requireAccess, type Account } from '../accounts.ts';
import { respond } from '../respond.ts';

const NONE: MyAppointmentsResponse = { upcoming: [], past: [], unscheduled: [] };

const state = {
  byUser: new Map<string, MyAppointmentsResponse>(),
  balanceDue: [] as BalanceDueVisit[],
  nextId: 1,
};

export function resetAppointmentsState(): void {
  state.byUser = new Map();
  state.balanceDue = [];
  state.nextId = 1;
}

/** What GET /api/appointments/balance-due answers staff. */
export function seedBalanceDue(visits: BalanceDueVisit[]): void {
  state.balanceDue = visits;
}

/** What GET /api/appointments/mine answers `account`. */
export function seedMyAppointments(
  account: Account,
  appointments: Partial<MyAppointmentsResponse>,
): void {
  state.byUser.set(account.user.userId, { ...NONE, ...appointments });
}

function myAppointmentsOf(account: Account): MyAppointmentsResponse {
  return state.byUser.get(account.user.userId) ?? NONE;
}

export type VisitSeed = Pick<MyVisit, 'date' | 'time'> &
  Partial<Omit<MyVisit, 'services'>> & {
    services: (Partial<MyVisit['services'][number]> & { serviceName: string })[];
  };

/** A visit as the server groups it: one booking's services, the first one's moment. */
export function makeVisit(seed: VisitSeed): MyVisit {
  const n = state.nextId++;
  const startsAt = new Date(`${seed.date}T${seed.time}:00Z`).toISOString();
  const services = seed.services.map((service, index) => ({
    appointmentId: `appointment-${n}-${index + 1}`,
    status: 'scheduled' as const,
    technician: null,
    ...service,
  }));
  return {
    calendarId: services[0]?.appointmentId ?? `appointment-${n}`,
    bookingId: `booking-${n}`,
    orderNumber: `PS-${10000 + n}`,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 45 * 60_000).toISOString(),
    location: '12 Analytical Way, Springfield, 12345',
    balanceDueCents: 0,
    refundedCents: 0,
    balancePaidCents: 0,
    textUpdates: false,
    ...seed,
    services,
  };
}

export function makeUnscheduledOrder(seed: Partial<MyUnscheduledOrder> = {}): MyUnscheduledOrder {
  const n = state.nextId++;
  return {
    bookingId: `booking-paid-${n}`,
    orderNumber: `PS-${10000 + n}`,
    services: ['Synthetic Oil Change'],
    amountCents: 7999,
    paidAt: '2026-03-12T14:30:00.000Z',
    ...seed,
  };
}

type BookedService = MyVisit['services'][number];

/**
 * The profile summary's counts, made as the server makes them: a customer's are visits (a
 * booking's services are one, counted when any of them is), a technician's are jobs (each
 * service). A cancelled one is counted nowhere.
 */
export function countMyAppointments(account: Account) {
  const { upcoming, past } = myAppointmentsOf(account);
  const unitsOf = (visits: MyVisit[]): BookedService[][] =>
    account.user.role === 'technician'
      ? visits.flatMap((visit) => visit.services.map((service) => [service]))
      : visits.map((visit) => visit.services);
  const count = (units: BookedService[][], statuses: readonly BookedService['status'][]) =>
    units.filter((unit) => unit.some((service) => statuses.includes(service.status))).length;
  const all = [...unitsOf(upcoming), ...unitsOf(past)];
  return {
    appointments: count(all, ['scheduled', 'in-progress', 'completed']),
    upcoming: count(unitsOf(upcoming), ['scheduled', 'in-progress']),
    completed: count(all, ['completed']),
  };
}

export const appointmentsHandlers = [
  http.get('/api/appointments/mine', () => {
    const access = requireAccess('appointment:read:own');
    if (!access.ok) return access.response;
    return respond(myAppointmentsResponseSchema, myAppointmentsOf(access.account));
  }),
  http.get('/api/appointments/balance-due', () => {
    const access = requireAccess('appointment:read:any');
    if (!access.ok) return access.response;
    return respond(balanceDueListResponseSchema, { visits: state.balanceDue });
  }),
];
