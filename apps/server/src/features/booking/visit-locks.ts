// The date locks of a visit: every booking, fulfilment and restore that checks a visit's room
// takes the lock of every business-local date the visit touches, so a visit running past
// midnight and a booking early the next day cannot both take the last seat.
import { businessDatesOf } from '@pitstop/shared/booking/capacity';
import type { Executor } from '../../db/client.ts';
import { lockBookingDates } from './repository.ts';

interface VisitTime {
  appointmentDate: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

/**
 * Locks, until the transaction ends, every date `visit` touches in `timeZone` (the business's),
 * and the date it was booked for in case the business's zone has changed since.
 */
export async function lockVisitDates(
  tx: Executor,
  visit: VisitTime,
  timeZone: string,
): Promise<void> {
  const dates =
    visit.startsAt && visit.endsAt
      ? businessDatesOf({ startsAt: visit.startsAt, endsAt: visit.endsAt }, timeZone)
      : [];
  if (visit.appointmentDate) dates.push(visit.appointmentDate);
  await lockBookingDates(tx, dates);
}
