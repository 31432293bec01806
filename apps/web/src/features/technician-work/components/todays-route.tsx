// Today's paid visits on the technician's dashboard as a route: each stop in order with its time,
// customer and address, the drive planned before it (from home base for the first, when the home
// ZIP is known), the day's driving, and one link that opens every stop in a maps app. Nothing at
// all on a day without stops.
import { formatTime12 } from '@pitstop/shared/business/hours';
import { MAPS_WAYPOINTS_MAX, mapsRouteHref } from '@pitstop/shared/scheduling/route';
import type { OwnRoute } from '@pitstop/shared/technicians/responses';
import { Car, Navigation, Route } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** '25 min', '1 h', '1 h 40 min'. */
export function driveDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The drive before a stop: from home base for the first, else from the stop before. */
function driveLine(minutes: number, isFirst: boolean): string {
  return isFirst
    ? `From home: about ${driveDuration(minutes)}`
    : `Drive about ${driveDuration(minutes)}`;
}

export function TodaysRoute({ route }: { route: OwnRoute | undefined }) {
  // A dashboard kept on the phone from before routes were answered has none.
  if (!route || route.stops.length === 0) return null;
  const { stops, totalDriveMinutes } = route;
  const mapsHref = mapsRouteHref(stops.map((stop) => stop.address));
  return (
    <section aria-labelledby="route-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
        <h2 id="route-title" className="flex items-center gap-2 text-lg font-semibold">
          <Route className="size-5 text-primary" aria-hidden="true" />
          Today&apos;s Route
        </h2>
        {totalDriveMinutes > 0 && (
          <p className="text-sm text-muted-foreground">
            About {driveDuration(totalDriveMinutes)} of driving today
          </p>
        )}
      </div>
      <div className="flex flex-col gap-4 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5">
        <ol aria-label="Stops in order" className="flex flex-col gap-3">
          {stops.map((stop, index) => (
            <li key={stop.bookingId} className="flex flex-col gap-2">
              {stop.driveMinutesBefore !== null && (
                <p className="flex items-center gap-1.5 pl-9 text-sm text-muted-foreground">
                  <Car className="size-4 shrink-0" aria-hidden="true" />
                  {driveLine(stop.driveMinutesBefore, index === 0)}
                </p>
              )}
              <div className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 text-sm">
                  <p className="font-semibold">
                    <span className="text-primary">{formatTime12(stop.time)}</span>
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    {stop.customerName}{' '}
                    <span className="font-normal whitespace-nowrap text-muted-foreground">
                      ({stop.orderNumber})
                    </span>
                  </p>
                  <p className="break-words text-muted-foreground">{stop.address}</p>
                </div>
              </div>
            </li>
          ))}
        </ol>
        {mapsHref && (
          <div className="flex flex-col gap-1.5">
            <Button asChild variant="outline" className="w-full sm:w-auto sm:self-start">
              <a href={mapsHref} target="_blank" rel="noopener noreferrer">
                <Navigation aria-hidden="true" />
                Open route in Maps
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
            {stops.length > MAPS_WAYPOINTS_MAX + 1 && (
              <p className="text-xs text-muted-foreground">
                The link goes as far as stop {MAPS_WAYPOINTS_MAX + 1}: Maps takes no more.
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
