// What a change to a visit tells its customer beyond the change's own e-mail: the reminder that
// follows the visit's time (booked, moved, scheduled, restored: planned again; cancelled:
// withdrawn), in the change's transaction (docs/decisions/033).
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import type { VisitTexts } from '@pitstop/shared/appointments/responses';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import {
  isTextStopped,
  planVisitReminder,
  visitsWithReminders,
  withdrawVisitMessages,
} from '../notifications/visit-messages.ts';
import type { MessageVisit } from '../notifications/visit-messages.ts';
import { listTextsConsented, listUpcomingVisitIds, setTextsConsent } from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { locationOf } from './fulfil.ts';
import { visitLocks } from './locks.ts';

/** A booked visit as its messages see it; undefined for one with no time (a pay-now order). */
export function messageVisitOf(booking: BookingRow): MessageVisit | undefined {
  if (booking.appointmentDate === null || booking.appointmentTime === null) return undefined;
  return {
    bookingId: booking.id,
    email: booking.email,
    phone: booking.phone,
    firstName: booking.firstName,
    date: booking.appointmentDate,
    time: booking.appointmentTime,
    services: booking.services.map((service) => service.name),
    address: locationOf(booking),
    textsConsentAt: booking.textsConsentAt,
  };
}

/** The visit's reminder for its time now (see planVisitReminder); none for a pay-now order. */
export async function followVisitTime(
  tx: Executor,
  env: Env,
  booking: BookingRow,
  now = new Date(),
): Promise<void> {
  const visit = messageVisitOf(booking);
  if (visit) await planVisitReminder(tx, env, visit, now);
}

/** The visit is cancelled: nothing it had waiting goes out. */
export async function forgetVisitMessages(tx: Executor, bookingId: string): Promise<void> {
  await withdrawVisitMessages(tx, bookingId);
}

/** Of these visits, the ones whose customer agreed to texts about them. */
export function textsConsented(db: Executor, bookingIds: readonly string[]): Promise<Set<string>> {
  return listTextsConsented(db, bookingIds);
}

/**
 * The customer switches texts about their own paid visit on or off (/profile). The consent is
 * kept with its time; the visit's waiting reminder is planned again, so a text joins it or
 * leaves it. Another customer's visit is not found.
 */
export async function setVisitTexts(
  deps: { db: Db; env: Env },
  viewer: Viewer,
  bookingId: string,
  textUpdates: boolean,
  now = new Date(),
): Promise<VisitTexts> {
  return deps.db.transaction(async (tx) => {
    const booking = await visitLocks(tx).booking(bookingId);
    if (!booking || booking.userId !== viewer.userId || booking.kind !== 'visit') {
      throw new AppError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
    }
    if (booking.status !== 'paid') throw new AppError('CONFLICT', MANAGE_VISIT_MESSAGES.notFound);
    const wasOn = booking.textsConsentAt !== null;
    let updated = booking;
    if (wasOn !== textUpdates) {
      updated = await setTextsConsent(tx, bookingId, textUpdates ? now : null);
      await recordAudit(tx, viewer, {
        action: textUpdates ? 'visit.texts_on' : 'visit.texts_off',
        entity: 'booking',
        entityId: bookingId,
        details: { phone: booking.phone },
      });
      await followVisitTime(tx, deps.env, updated, now);
    }
    return {
      textUpdates: updated.textsConsentAt !== null,
      textsStopped: await isTextStopped(tx, booking.phone),
    };
  });
}

/** More upcoming visits than a business has; the pass looks at the soonest this many. */
const UPCOMING_VISITS_LOOKED_AT = 10_000;

/**
 * Plans a reminder for every upcoming paid visit that never had one: visits booked before
 * reminders existed, or while they were switched off. Each under its booking's lock, skipped if it
 * changed meanwhile. Run at start-up; a visit booked inside the lead time still gets none.
 */
export async function planMissingReminders(
  deps: { db: Db; env: Env },
  now = new Date(),
): Promise<number> {
  if ((await getBusinessProfile(deps.db)).reminderLeadHours === 0) return 0;
  const upcoming = await listUpcomingVisitIds(deps.db, now, UPCOMING_VISITS_LOOKED_AT);
  const reminded = await visitsWithReminders(deps.db, upcoming);
  let planned = 0;
  for (const bookingId of upcoming.filter((id) => !reminded.has(id))) {
    const queued = await deps.db.transaction(async (tx) => {
      const booking = await visitLocks(tx).booking(bookingId);
      if (
        !booking ||
        booking.status !== 'paid' ||
        (await visitsWithReminders(tx, [bookingId])).size > 0
      ) {
        return false;
      }
      const visit = messageVisitOf(booking);
      return (
        visit !== undefined && (await planVisitReminder(tx, deps.env, visit, now)) !== undefined
      );
    });
    if (queued) planned += 1;
  }
  return planned;
}
