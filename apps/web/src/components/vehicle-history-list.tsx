// A vehicle's service record as its owner (My Garage) and staff (an appointment's Vehicle history)
// read it: when its next service is due, with how the date was estimated, and its visits, newest
// first, each with the date, the services, the odometer and the technician.
import {
  NO_SERVICE_DUE,
  NO_SERVICE_ON_RECORD,
  type VehicleHistoryVisit,
  type VehicleNextDue,
} from '@pitstop/shared/vehicles/history';
import { formatCalendarDay } from '../lib/visit-words.ts';

/**
 * "Next oil change: about 8,450 miles or by May 27, 2027"; else that nothing was done yet, or that
 * nothing done has an interval.
 */
export function NextDueNote({
  nextDue,
  hasVisits,
}: {
  nextDue: VehicleNextDue | null;
  hasVisits: boolean;
}) {
  if (!nextDue) {
    return (
      <p className="text-sm text-muted-foreground">
        {hasVisits ? NO_SERVICE_DUE : NO_SERVICE_ON_RECORD}
      </p>
    );
  }
  return (
    <div className="text-sm">
      <p className="font-medium">{nextDue.sentence}</p>
      {nextDue.paceNote && <p className="text-xs text-muted-foreground">{nextDue.paceNote}</p>}
    </div>
  );
}

const dateOf = (date: string) =>
  formatCalendarDay(date, { month: 'short', day: 'numeric', year: 'numeric' });

/** The visits, newest first; a note when there are none. */
export function VehicleVisitList({
  visits,
  label,
}: {
  visits: readonly VehicleHistoryVisit[];
  /** Names the list for screen readers, e.g. 'Service history of 2019 Honda Civic'. */
  label: string;
}) {
  if (visits.length === 0) {
    return <p className="text-sm text-muted-foreground">{NO_SERVICE_ON_RECORD}</p>;
  }
  return (
    <ol aria-label={label} className="grid gap-2 text-sm">
      {visits.map((visit) => (
        <li key={visit.bookingId} className="grid gap-1 rounded-lg border border-border px-3 py-2">
          <p className="font-semibold">{dateOf(visit.date)}</p>
          <p className="break-words">{visit.services.join(', ')}</p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
            <div className="flex gap-1">
              <dt>Odometer:</dt>
              <dd>
                {visit.odometerMiles === null
                  ? 'Not recorded'
                  : `${visit.odometerMiles.toLocaleString('en-US')} miles`}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Technician:</dt>
              <dd className="break-words">{visit.technician ?? 'Not recorded'}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
