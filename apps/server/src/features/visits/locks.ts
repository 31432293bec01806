// The one way a change to a visit takes its locks. Every path locks in one order, so two changes
// never wait for each other in a circle: the booking rows (by id, or by checkout session), then
// every business-local date the visit touches (old and new), in date order, then the visit's
// appointment rows, then technicians in id order. `visitLocks(tx)` is the transaction's one
// locker: it remembers what the transaction holds and refuses (throws, a programming error caught
// by the tests) a lock that would come before one already taken, unless it is held already.
// The raw lock queries are importable from this file only (eslint's no-restricted-imports).
import { businessDatesOf, hasRoomFor } from '@pitstop/shared/booking/capacity';
import type { Executor } from '../../db/client.ts';
import {
  findBookedSpans,
  lockBookingById,
  lockBookingBySession,
  lockBookingDates,
  type BookingRow,
} from './booking-rows.ts';
import { getBusinessProfile } from '../business/service.ts';
import {
  findAppointmentForUpdate,
  listVisitRowsForUpdate,
  lockOpenJobsOf,
  type AppointmentRow,
} from './repository.ts';
import { technicianFor } from './technician-fit.ts';
import { lockTechnician, type LockedTechnician } from './technician-rows.ts';

const STEPS = ['booking', 'dates', 'appointments', 'technicians'] as const;
type Step = (typeof STEPS)[number];

export class LockOrderError extends Error {
  constructor(step: Step, after: Step) {
    super(`visit locks out of order: ${step} after ${after} (order: ${STEPS.join(', ')})`);
    this.name = 'LockOrderError';
  }
}

class VisitLocks {
  private reached = -1;
  private readonly bookingIds = new Set<string>();
  private readonly dates = new Set<string>();

  constructor(private readonly tx: Executor) {}

  /** Enters `step`; going back is allowed only for locks already held (`held`). */
  private enter(step: Step, held = false): void {
    const index = STEPS.indexOf(step);
    if (index < this.reached && !held) throw new LockOrderError(step, STEPS[this.reached]!);
    this.reached = Math.max(this.reached, index);
  }

  /** A booking by id, locked (and re-read when already held). */
  async booking(id: string): Promise<BookingRow | undefined> {
    this.enter('booking', this.bookingIds.has(id));
    const row = await lockBookingById(this.tx, id);
    if (row) this.bookingIds.add(row.id);
    return row;
  }

  /** The booking of a checkout session, locked. */
  async bookingOfSession(sessionId: string): Promise<BookingRow | undefined> {
    this.enter('booking');
    const row = await lockBookingBySession(this.tx, sessionId);
    if (row) this.bookingIds.add(row.id);
    return row;
  }

  /** Bookings the caller locked itself in one statement (in id order), recorded as held. */
  heldBookings(rows: readonly { id: string }[]): void {
    this.enter(
      'booking',
      rows.every((row) => this.bookingIds.has(row.id)),
    );
    for (const row of rows) this.bookingIds.add(row.id);
  }

  /** Every booking touching one of `dates` (business-local) waits for this transaction. */
  async onDates(dates: readonly (string | null | undefined)[]): Promise<void> {
    const wanted = dates.filter((date): date is string => Boolean(date));
    this.enter(
      'dates',
      wanted.every((date) => this.dates.has(date)),
    );
    await lockBookingDates(this.tx, wanted);
    for (const date of wanted) this.dates.add(date);
  }

  /** Every date `visit` touches in `timeZone`, and the date it was booked for. */
  async onVisitDates(visit: VisitTime, timeZone: string): Promise<void> {
    const dates =
      visit.startsAt && visit.endsAt
        ? businessDatesOf({ startsAt: visit.startsAt, endsAt: visit.endsAt }, timeZone)
        : [];
    await this.onDates([...dates, visit.appointmentDate]);
  }

  /** One appointment, locked. */
  async appointment(id: string): Promise<AppointmentRow | undefined> {
    this.enter('appointments');
    return findAppointmentForUpdate(this.tx, id);
  }

  /** Every appointment of a visit, locked, in the order they are done. */
  async appointmentsOf(bookingId: string): Promise<AppointmentRow[]> {
    this.enter('appointments');
    return listVisitRowsForUpdate(this.tx, bookingId);
  }

  /** A technician's jobs still to do, locked (before their account changes). */
  async openJobsOf(profileId: string): Promise<string[]> {
    this.enter('appointments');
    return lockOpenJobsOf(this.tx, profileId);
  }

  /** Technicians by profile id, in id order; those that are not technicians are left out. */
  async technicians(
    profileIds: readonly string[],
    strength: 'share' | 'update',
  ): Promise<LockedTechnician[]> {
    this.enter('technicians');
    const locked: LockedTechnician[] = [];
    for (const id of [...new Set(profileIds)].sort()) {
      const technician = await lockTechnician(this.tx, id, strength);
      if (technician) locked.push(technician);
    }
    return locked;
  }
}

const lockers = new WeakMap<Executor, VisitLocks>();

/** The transaction's locker (one per transaction object, so nested calls share what is held). */
export function visitLocks(tx: Executor): VisitLocks {
  let locks = lockers.get(tx);
  if (!locks) {
    locks = new VisitLocks(tx);
    lockers.set(tx, locks);
  }
  return locks;
}

interface VisitTime {
  appointmentDate: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
}
/** Whether a visit placed again still has room, and whose day it takes. */
export interface PlacedAgain {
  overCapacity: boolean;
  /**
   * By technicians' schedules, the technician whose day it fits (its own when it still fits
   * theirs); undefined when it fits no one's or slots follow the capacity.
   */
  technicianId: string | undefined;
}

/**
 * Whether a visit that did not hold its slot (paid after its hold lapsed, or taken back by staff
 * after it was cancelled) now overlaps more visits than the business takes, or by technicians'
 * schedules fits no technician's day: others may have booked the freed time. Checked under the
 * locks of the dates it touches, as a booking checks room.
 */
export async function placeAgain(
  tx: Executor,
  booking: BookingRow,
  now: Date,
): Promise<PlacedAgain> {
  if (
    booking.kind !== 'visit' ||
    !booking.startsAt ||
    !booking.endsAt ||
    !booking.appointmentDate
  ) {
    return { overCapacity: false, technicianId: undefined };
  }
  const business = await getBusinessProfile(tx);
  await visitLocks(tx).onVisitDates(booking, business.timeZone);
  const span = { startsAt: booking.startsAt, endsAt: booking.endsAt };
  if (business.slotMode === 'technicians') {
    const technicianId = await technicianFor(
      tx,
      business,
      { date: booking.appointmentDate, span, zipCode: booking.zipCode, keep: booking.technicianId },
      now,
      booking.id,
    );
    return { overCapacity: technicianId === undefined, technicianId };
  }
  const others = await findBookedSpans(tx, span, now, booking.id);
  return { overCapacity: !hasRoomFor(span, others, business.capacity), technicianId: undefined };
}
// ---------------------------------------------------------------- staff cancelling a visit
/**
 * Locks a visit's booking until the transaction ends. Staff changing the status of one of its
 * appointments take it first, so of two changes to one visit the later sees the earlier's. A
 * visit cancelled whole may be taken back (restoreVisit checks its room under the locks of the
 * dates it touches): those are taken here too, before the appointment's, so every path locks in
 * one order: booking, dates in date order, appointment, technician (fulfilment: booking, dates,
 * appointments).
 */

export async function lockVisit(tx: Executor, bookingId: string): Promise<void> {
  const locks = visitLocks(tx);
  const booking = await locks.booking(bookingId);
  if (booking?.status === 'cancelled' && booking.appointmentDate) {
    const { timeZone } = await getBusinessProfile(tx);
    await locks.onVisitDates(booking, timeZone);
  }
}
