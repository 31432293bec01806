// Doubles of moving a visit and scheduling a paid order (staff), deciding as
// apps/server/src/features/visits does: the slots of a date where the visit could go (GET
// /api/visits/:bookingId/slots: the stored business hours, less the slots a test marks full), the
// move (POST /api/visits/:bookingId/move), which shifts the visit's rows in the staff's search,
// takes off technicians who do not work the new date and clears the over-capacity flag, and the
// scheduling (POST /api/visits/:bookingId/schedule), which makes a paid order waiting to be
// scheduled rows of its own. Times are read as UTC, as the staff search's doubles store them.
import {
  moveVisitRequestSchema,
  SCHEDULE_ORDER_MESSAGES,
  scheduleOrderRequestSchema,
  VISIT_MOVE_MESSAGES,
} from '@pitstop/shared/appointments/forms';
import { movedVisitResponseSchema } from '@pitstop/shared/appointments/responses';
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { slotsQuerySchema } from '@pitstop/shared/booking/forms';
import { daySlotsResponseSchema } from '@pitstop/shared/booking/responses';
import { findTimeSlots } from '@pitstop/shared/booking/time-slots';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';
import { isUnscheduledOrder, takeUnscheduledOrder } from './booking.ts';
import { storedBusiness } from './business.ts';
import {
  addStaffAppointments,
  assignableTechnicians,
  staffAppointmentsOfVisit,
} from './staff-appointments.ts';

/** How long each service of a scheduled order takes in the doubles. */
const SERVICE_MINUTES = 45;

const state = {
  /** 'YYYY-MM-DD HH:MM' slots that are full: offered nowhere, refused by a move. */
  full: new Set<string>(),
  /** Slots offered but refused by the next move, as when someone books them meanwhile. */
  takenMeanwhile: new Set<string>(),
};

export function resetVisitsState(): void {
  state.full = new Set();
  state.takenMeanwhile = new Set();
}

/** `date` at `time` has no room: not offered, and a move there is refused. */
export function fillSlot(date: string, time: string): void {
  state.full.add(`${date} ${time}`);
}

/** `date` at `time` is still offered, but fills before the next move to it arrives. */
export function fillSlotMeanwhile(date: string, time: string): void {
  state.takenMeanwhile.add(`${date} ${time}`);
}

function openSlots(date: string): { slots: string[]; message: string | null; hint: string } {
  const business = storedBusiness();
  const day = findTimeSlots(date, business.hours, new Date(), business.timeZone);
  const slots = day.slots.filter((time) => !state.full.has(`${date} ${time}`));
  return { slots, message: slots.length > 0 ? null : (day.message ?? null), hint: day.hint };
}

/** 409 when `date` at `time` is not offered (or fills just now, as a test asked); else null. */
function slotTaken(date: string, time: string): Response | null {
  const slot = `${date} ${time}`;
  if (state.takenMeanwhile.delete(slot)) state.full.add(slot);
  return openSlots(date).slots.includes(time)
    ? null
    : apiError('CONFLICT', BOOKING_ALERTS.slotTaken, { time: BOOKING_ALERTS.slotTaken });
}

const at = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const timeOf = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** 404 for an unknown visit, 409 for one cancelled, under way or done; null if it may move. */
function refusal(bookingId: string): Response | null {
  const rows = staffAppointmentsOfVisit(bookingId);
  if (rows.length === 0) return apiError('NOT_FOUND', VISIT_MOVE_MESSAGES.notFound);
  const open = rows.filter((row) => row.status !== 'cancelled');
  const isMovable = open.length > 0 && open.every((row) => row.status === 'scheduled');
  return isMovable ? null : apiError('CONFLICT', VISIT_MOVE_MESSAGES.notMovable);
}

export const visitsHandlers = [
  http.get('/api/visits/:bookingId/slots', ({ request, params }) => {
    const access = requireAccess('visit:move');
    if (!access.ok) return access.response;
    const query = slotsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return apiError('VALIDATION', 'Please select a date');
    const { date } = query.data;
    if (isUnscheduledOrder(String(params.bookingId))) {
      return respond(daySlotsResponseSchema, { date, ...openSlots(date) });
    }
    const refused = refusal(String(params.bookingId));
    if (refused) return refused;
    return respond(daySlotsResponseSchema, { date, ...openSlots(date) });
  }),

  http.post('/api/visits/:bookingId/move', async ({ request, params }) => {
    const access = requireAccess('visit:move');
    if (!access.ok) return access.response;
    const body = await readBody(request, moveVisitRequestSchema);
    if (!body.ok) return body.response;
    const { date, time } = body.data;
    const bookingId = String(params.bookingId);
    const refused = refusal(bookingId);
    if (refused) return refused;
    const rows = staffAppointmentsOfVisit(bookingId);
    const first = rows[0]!;
    if (first.date === date && first.time === time) {
      const message = VISIT_MOVE_MESSAGES.sameTime;
      return apiError('VALIDATION', message, { time: message });
    }
    const taken = slotTaken(date, time);
    if (taken) return taken;
    const startsAt = at(date, time);
    let endsAt = startsAt;
    const unassigned = new Set<string>();

    const shift = startsAt - at(first.date, first.time);
    const working = new Set(
      assignableTechnicians()
        .filter((technician) => technician.workingDates.includes(date))
        .map((technician) => technician.id),
    );
    for (const row of rows) {
      const start = at(row.date, row.time) + shift;
      Object.assign(row, {
        date: dateOf(start),
        time: timeOf(start),
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(Date.parse(row.endsAt) + shift).toISOString(),
        overCapacity: false,
      });
      endsAt = Math.max(endsAt, Date.parse(row.endsAt));
      if (row.technicianId && !working.has(row.technicianId)) {
        unassigned.add(row.technician);
        Object.assign(row, { technicianId: null, technician: 'Unassigned' });
      }
    }
    return respond(movedVisitResponseSchema, {
      bookingId,
      date,
      time,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      unassignedTechnicians: [...unassigned],
    });
  }),

  http.post('/api/visits/:bookingId/schedule', async ({ request, params }) => {
    const access = requireAccess('visit:move');
    if (!access.ok) return access.response;
    const body = await readBody(request, scheduleOrderRequestSchema);
    if (!body.ok) return body.response;
    const { date, time } = body.data;
    const bookingId = String(params.bookingId);
    if (!isUnscheduledOrder(bookingId)) {
      return staffAppointmentsOfVisit(bookingId).length > 0
        ? apiError('CONFLICT', SCHEDULE_ORDER_MESSAGES.notSchedulable)
        : apiError('NOT_FOUND', SCHEDULE_ORDER_MESSAGES.notFound);
    }
    const taken = slotTaken(date, time);
    if (taken) return taken;
    const order = takeUnscheduledOrder(bookingId)!;
    const startsAt = at(date, time);
    let endsAt = startsAt;
    addStaffAppointments(
      order.services.map((serviceName) => {
        const start = endsAt;
        endsAt += SERVICE_MINUTES * 60_000;
        return {
          bookingId,
          customerName: order.customerName,
          serviceName,
          email: order.email,
          phone: order.phone,
          date: dateOf(start),
          time: timeOf(start),
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
        };
      }),
    );
    return respond(movedVisitResponseSchema, {
      bookingId,
      date,
      time,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      unassignedTechnicians: [],
    });
  }),
];
