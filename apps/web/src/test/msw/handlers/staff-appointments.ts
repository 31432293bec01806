// Doubles of the staff's appointment endpoints, deciding as apps/server/src/features/appointments
// does: the search of the appointments screens and the dashboard's tables (GET
// /api/appointments/search, parsed with the shared query schema, filtered, sorted and paged), a
// status change (PATCH /api/appointments/:id/status: 409 when `from` is not the status now, as
// after a colleague's change), assigning a technician (PATCH
// /api/appointments/:id/technician: only one the assignable list holds, else 422 at the field;
// one a test says cannot do it as planned, 409 SCHEDULE_CONFLICT unless overridden),
// and the technicians an appointment may be given (GET /api/technicians/assignable?dates=).
// "Today" is the doubles' clock (TEST_NOW).
import {
  APPOINTMENT_COUNT_CAP,
  APPOINTMENT_SEARCH_MESSAGES,
  appointmentSearchQuerySchema,
  staffStatusRequestSchema,
} from '@pitstop/shared/appointments/forms';
import {
  appointmentPageResponseSchema,
  appointmentResponseSchema,
  type Appointment,
  type StaffAppointment,
} from '@pitstop/shared/appointments/responses';
import {
  assignableQuerySchema,
  assignTechnicianRequestSchema,
} from '@pitstop/shared/technicians/forms';
import {
  assignableTechniciansResponseSchema,
  type AssignableTechnician,
} from '@pitstop/shared/technicians/responses';
import { formatOrderNumber, parseOrderNumber } from '@pitstop/shared/booking/order-number';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { http } from 'msw';
import type * as z from 'zod';
import { requireAccess, TEST_NOW } from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';

/** The business-local date the search takes as today. */
const TODAY = TEST_NOW.toISOString().slice(0, 10);

const state = {
  appointments: [] as StaffAppointment[],
  technicians: [] as AssignableTechnician[],
  /** By technician id: why they cannot do a visit as planned (by technicians' schedules). */
  conflicts: new Map<string, string>(),
  nextId: 1,
};

export function resetStaffAppointmentsState(): void {
  state.appointments = [];
  state.technicians = [];
  state.conflicts = new Map();
  state.nextId = 1;
}

/** Assigning `technicianId` is refused with `message` (SCHEDULE_CONFLICT) unless overridden. */
export function seedScheduleConflict(technicianId: string, message: string): void {
  state.conflicts.set(technicianId, message);
}

export type StaffAppointmentSeed = Partial<StaffAppointment> &
  Pick<StaffAppointment, 'customerName'>;

/** An appointment as the search answers it; ids are UUIDs, as the server's are. */
function makeStaffAppointment(seed: StaffAppointmentSeed): StaffAppointment {
  const n = state.nextId++;
  const date = seed.date ?? TODAY;
  const time = seed.time ?? '09:00';
  const startsAt = new Date(`${date}T${time}:00Z`).toISOString();
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    bookingId: `booking-${n}`,
    orderNumber: `PS-${10000 + n}`,
    serviceName: 'Synthetic Oil Change',
    date,
    time,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 45 * 60_000).toISOString(),
    durationMinutes: 45,
    status: 'scheduled',
    technician: 'Unassigned',
    technicianId: null,
    location: '12 Elm Street, Springfield, 12345',
    phone: '(555) 123-4567',
    email: null,
    vehicleColor: 'Blue',
    description: null,
    priceCents: 7999,
    paid: true,
    createdAt: TEST_NOW.toISOString(),
    overCapacity: false,
    visitBalanceDueCents: 0,
    vehicle: null,
    ...seed,
  };
}

/** What the search finds; returns the stored rows (with their ids). */
export function seedStaffAppointments(seeds: StaffAppointmentSeed[]): StaffAppointment[] {
  state.appointments = seeds.map(makeStaffAppointment);
  return state.appointments;
}

/** Adds rows to what the search finds (a paid order once scheduled, say). */
export function addStaffAppointments(seeds: StaffAppointmentSeed[]): StaffAppointment[] {
  const added = seeds.map(makeStaffAppointment);
  state.appointments.push(...added);
  return added;
}

/** The rows of one visit, in the order they were stored. */
export function staffAppointmentsOfVisit(bookingId: string): StaffAppointment[] {
  return state.appointments.filter((appointment) => appointment.bookingId === bookingId);
}

/** The technicians not off duty, with the dates they work. */
export function assignableTechnicians(): readonly AssignableTechnician[] {
  return state.technicians;
}

export function staffAppointment(id: string): StaffAppointment | undefined {
  return state.appointments.find((appointment) => appointment.id === id);
}

/** The technicians not off duty: who GET /api/technicians/assignable lists. */
export function seedAssignableTechnicians(
  technicians: (Partial<AssignableTechnician> & Pick<AssignableTechnician, 'id' | 'name'>)[],
): void {
  state.technicians = technicians.map((technician) => ({
    status: 'available',
    workingDates: [],
    ...technician,
  }));
}

type Search = z.output<typeof appointmentSearchQuerySchema>;

const moment = (appointment: Appointment) => `${appointment.date} ${appointment.time}`;

function matches(appointment: StaffAppointment, search: Search): boolean {
  const q = search.q?.toLowerCase();
  const orderNumber = search.q ? parseOrderNumber(search.q) : null;
  if (
    q &&
    !appointment.customerName.toLowerCase().includes(q) &&
    !appointment.serviceName.toLowerCase().includes(q) &&
    (orderNumber === null || appointment.orderNumber !== formatOrderNumber(orderNumber))
  ) {
    return false;
  }
  if (search.status !== 'all' && appointment.status !== search.status) return false;
  if (search.view === 'active') {
    const isOpen = appointment.status === 'scheduled' || appointment.status === 'in-progress';
    if (!isOpen || appointment.date < TODAY) return false;
  }
  if (search.view === 'past' && appointment.date >= TODAY) return false;
  if (search.flag === 'over-capacity' && !appointment.overCapacity) return false;
  if (search.flag === 'balance-due' && appointment.visitBalanceDueCents <= 0) return false;
  // A month without a year is this year's.
  const year = search.year ?? (search.month ? Number(TODAY.slice(0, 4)) : undefined);
  if (year !== undefined && Number(appointment.date.slice(0, 4)) !== year) return false;
  if (search.month !== undefined && Number(appointment.date.slice(5, 7)) !== search.month) {
    return false;
  }
  return true;
}

function compare(search: Search) {
  return (a: StaffAppointment, b: StaffAppointment): number => {
    if (search.sort === 'date-asc') return moment(a).localeCompare(moment(b));
    if (search.sort === 'customer') {
      return a.customerName.localeCompare(b.customerName) || moment(b).localeCompare(moment(a));
    }
    return moment(b).localeCompare(moment(a));
  };
}

function withoutExtras({
  orderNumber: _n,
  overCapacity: _o,
  visitBalanceDueCents: _b,
  ...appointment
}: StaffAppointment) {
  return appointment;
}

/** The field messages of a refused query, as the server's error handler words them. */
function refusal(error: z.ZodError): Response {
  const fields: Record<string, string> = {};
  for (const issue of error.issues)
    fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return apiError('VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
}

export const staffAppointmentsHandlers = [
  http.get('/api/appointments/search', ({ request }) => {
    const access = requireAccess('appointment:read:any');
    if (!access.ok) return access.response;
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = appointmentSearchQuerySchema.safeParse(query);
    if (!parsed.success) return refusal(parsed.error);
    const search = parsed.data;
    const found = state.appointments.filter((a) => matches(a, search)).sort(compare(search));
    const start = (search.page - 1) * search.pageSize;
    return respond(appointmentPageResponseSchema, {
      appointments: found.slice(start, start + search.pageSize),
      total: Math.min(found.length, APPOINTMENT_COUNT_CAP),
      totalCapped: found.length > APPOINTMENT_COUNT_CAP,
      page: search.page,
      pageSize: search.pageSize,
      today: TODAY,
    });
  }),
  http.patch('/api/appointments/:id/status', async ({ request, params }) => {
    const access = requireAccess('appointment:status:any');
    if (!access.ok) return access.response;
    const body = await readBody(request, staffStatusRequestSchema);
    if (!body.ok) return body.response;
    const appointment = staffAppointment(String(params.id));
    if (!appointment) return apiError('NOT_FOUND', 'Appointment not found');
    if (body.data.from !== undefined && body.data.from !== appointment.status) {
      return apiError('CONFLICT', APPOINTMENT_SEARCH_MESSAGES.changedMeanwhile);
    }
    appointment.status = body.data.status;
    return respond(appointmentResponseSchema, { appointment: withoutExtras(appointment) });
  }),
  http.patch('/api/appointments/:id/technician', async ({ request, params }) => {
    const access = requireAccess('appointment:assign');
    if (!access.ok) return access.response;
    const body = await readBody(request, assignTechnicianRequestSchema);
    if (!body.ok) return body.response;
    const appointment = staffAppointment(String(params.id));
    if (!appointment) return apiError('NOT_FOUND', 'Appointment not found');
    const { technicianId } = body.data;
    const technician = state.technicians.find((candidate) => candidate.id === technicianId);
    if (technicianId !== null && !technician) {
      const message = TECHNICIAN_MESSAGES.offDutyNotAssignable;
      return apiError('VALIDATION', message, { technicianId: message });
    }
    const conflict = technicianId !== null && state.conflicts.get(technicianId);
    if (conflict && !body.data.override) return apiError('SCHEDULE_CONFLICT', conflict);
    // As the server: one technician per visit, the chosen job and the visit's others still to do.
    const isOpen = (row: StaffAppointment) =>
      row.status === 'scheduled' || row.status === 'in-progress';
    const rows =
      appointment.bookingId && isOpen(appointment)
        ? state.appointments.filter(
            (row) =>
              row === appointment || (row.bookingId === appointment.bookingId && isOpen(row)),
          )
        : [appointment];
    for (const row of rows) {
      row.technicianId = technician?.id ?? null;
      row.technician = technician?.name ?? 'Unassigned';
    }
    return respond(appointmentResponseSchema, { appointment: withoutExtras(appointment) });
  }),
  http.get('/api/technicians/assignable', ({ request }) => {
    const access = requireAccess('appointment:assign');
    if (!access.ok) return access.response;
    const parsed = assignableQuerySchema.safeParse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!parsed.success) return refusal(parsed.error);
    const dates = new Set(parsed.data.dates ?? []);
    return respond(assignableTechniciansResponseSchema, {
      technicians: state.technicians.map((technician) => ({
        ...technician,
        workingDates: technician.workingDates.filter((date) => dates.has(date)),
      })),
    });
  }),
];
