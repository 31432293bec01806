// The Technicians page's Day Plan (a dispatch view): for a chosen date (today on the business's
// clock at first), each onboarded technician's day as a timeline of the business's hours, every
// visit a block with its times, order number, customer and area, and the drive before it a
// hatched block saying how long; and the day's total driving. Below 640 px the same list stacks
// (drive, visit, in time order); wider, it is laid out on the hours and scrolls sideways.
import { formatDayHours, formatTime12, type DayHours } from '@pitstop/shared/business/hours';
import { weekdayOf } from '@pitstop/shared/booking/time-slots';
import type {
  DayPlanStop,
  DayPlanTechnician,
} from '@pitstop/shared/technicians/dispatch/responses';
import { Car } from 'lucide-react';
import { Fragment, useId, useState, type CSSProperties } from 'react';
import { TechnicianStatusBadge } from '../../../components/technician-status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useDayPlan } from '../day-plan-api.ts';
import {
  blocksOf,
  dayWindow,
  driveWords,
  durationWords,
  placeOn,
  type TimelineSpan,
} from '../day-plan-timeline.ts';

/** How wide a minute is on the wide timeline: a 30-minute visit is 90 px. */
const PIXELS_PER_MINUTE = 3;

const DAY_PLAN_WORDS = {
  heading: 'Day Plan',
  date: 'Day',
  chooseDate: 'Choose a day to see its plan.',
  loading: 'Loading the day plan…',
  failed: 'Failed to load the day plan.',
  empty: 'No onboarded technicians yet.',
  notWorking: 'Not working',
  noVisits: 'No visits planned',
  noArea: 'No service area',
} as const;

export function DayPlan({ today }: { today: string }) {
  const headingId = useId();
  const dateId = useId();
  // Until a day is chosen, the plan follows the business's today.
  const [chosen, setChosen] = useState<string | null>(null);
  const date = chosen ?? today;
  const plan = useDayPlan(date);
  const business = useBusinessProfile();
  const hours = date === '' ? undefined : business.data?.hours[weekdayOf(date)];

  return (
    <section aria-labelledby={headingId} className="mt-10 space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {DAY_PLAN_WORDS.heading}
          </h2>
          <p className="text-sm text-muted-foreground">
            Each technician&apos;s visits and the drives between them.
            {hours && ` Hours that day: ${formatDayHours(hours)}.`}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:w-48">
          <Label htmlFor={dateId}>{DAY_PLAN_WORDS.date}</Label>
          <Input
            id={dateId}
            type="date"
            value={date}
            onChange={(event) => setChosen(event.target.value)}
          />
        </div>
      </div>
      {date === '' ? (
        <p className="text-sm text-muted-foreground">{DAY_PLAN_WORDS.chooseDate}</p>
      ) : plan.isPending ? (
        <LoadingState label={DAY_PLAN_WORDS.loading} className="min-h-24" />
      ) : plan.isError ? (
        <ErrorState
          message={errorMessage(plan.error, DAY_PLAN_WORDS.failed)}
          onRetry={() => void plan.refetch()}
          isRetrying={plan.isFetching}
        />
      ) : plan.data.technicians.length === 0 ? (
        <p className="text-sm text-muted-foreground">{DAY_PLAN_WORDS.empty}</p>
      ) : (
        <ul aria-label={`Day plan of ${date}`} className="space-y-4">
          {plan.data.technicians.map((technician) => (
            <TechnicianDay key={technician.profileId} technician={technician} hours={hours} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TechnicianDay({
  technician,
  hours,
}: {
  technician: DayPlanTechnician;
  hours: DayHours | undefined;
}) {
  const nameId = useId();
  const { name, stops } = technician;
  const window = dayWindow(hours, stops);
  return (
    <li
      aria-labelledby={nameId}
      className="rounded-card border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={nameId} className="font-semibold">
          {name}
        </h3>
        <TechnicianStatusBadge status={technician.status} />
        {!technician.works && <Badge variant="warning">{DAY_PLAN_WORDS.notWorking}</Badge>}
        <p className="w-full text-sm text-muted-foreground sm:ml-auto sm:w-auto">
          Total driving:{' '}
          <span className="font-medium text-foreground">
            {durationWords(technician.totalDriveMinutes)}
          </span>
        </p>
      </div>
      {stops.length === 0 || !window ? (
        <p className="mt-2 text-sm text-muted-foreground">{DAY_PLAN_WORDS.noVisits}</p>
      ) : (
        <Timeline name={name} stops={stops} window={window} />
      )}
    </li>
  );
}

function Timeline({
  name,
  stops,
  window,
}: {
  name: string;
  stops: readonly DayPlanStop[];
  window: TimelineSpan;
}) {
  const width = { '--timeline-width': `${(window.end - window.start) * PIXELS_PER_MINUTE}px` };
  const hourMarks: number[] = [];
  for (let minutes = window.start; minutes <= window.end; minutes += 60) hourMarks.push(minutes);
  return (
    // Focusable, so the keyboard can scroll a day wider than the screen.
    <div
      role="region"
      aria-label={`Timeline of ${name}`}
      tabIndex={0}
      className="mt-3 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring sm:overflow-x-auto sm:pb-2"
    >
      <div className="sm:relative sm:min-w-(--timeline-width)" style={width as CSSProperties}>
        <div aria-hidden="true" className="relative hidden h-5 sm:block">
          {hourMarks.map((minutes) => (
            <span
              key={minutes}
              className="absolute top-0 -translate-x-1/2 text-[11px] whitespace-nowrap text-muted-foreground first:translate-x-0 last:-translate-x-full"
              style={{ left: placeOn(window, { start: minutes, end: minutes }).at }}
            >
              {formatTime12(`${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:00`).replace(
                ':00 ',
                ' ',
              )}
            </span>
          ))}
        </div>
        <ol
          aria-label={`Visits of ${name}`}
          className="space-y-2 sm:relative sm:h-24 sm:space-y-0 sm:rounded-md sm:bg-muted/40"
        >
          {stops.map((stop) => (
            <StopBlocks key={stop.bookingId} stop={stop} window={window} />
          ))}
        </ol>
      </div>
    </div>
  );
}

/** On the wide timeline, a block sits at its time; stacked, it takes the row. */
const PLACED = 'sm:absolute sm:inset-y-0 sm:left-(--at) sm:w-(--width) sm:overflow-hidden';

function StopBlocks({ stop, window }: { stop: DayPlanStop; window: TimelineSpan }) {
  const { drive, visit } = blocksOf(stop);
  const times = `${formatTime12(stop.startTime)} – ${formatTime12(stop.endTime)}`;
  const area = stop.area ?? DAY_PLAN_WORDS.noArea;
  const lines = [times, stop.orderNumber, stop.customerName, area];
  return (
    <Fragment>
      {drive && stop.driveMinutesBefore !== null && (
        <li
          title={driveWords(stop.driveMinutesBefore)}
          className={`${PLACED} flex items-center gap-1.5 rounded-md border border-dashed border-slate-400 bg-[repeating-linear-gradient(135deg,var(--color-slate-200)_0_4px,var(--color-white)_4px_8px)] px-2 py-1 text-xs font-medium text-slate-800 sm:px-1`}
          style={placement(window, drive)}
        >
          <Car className="size-3.5 shrink-0 sm:hidden" aria-hidden="true" />
          <span className="truncate">{driveWords(stop.driveMinutesBefore)}</span>
        </li>
      )}
      <li
        title={lines.join(', ')}
        className={`${PLACED} rounded-md border border-blue-300 bg-blue-50 px-3 py-2 text-sm text-blue-950 sm:px-1.5 sm:py-1 sm:text-xs sm:leading-4`}
        style={placement(window, visit)}
      >
        {/* Wraps on the timeline: a half-hour block is too narrow for the range on one line. */}
        <p className="font-semibold sm:line-clamp-2">{times}</p>
        <p className="truncate">{stop.orderNumber}</p>
        <p className="truncate">{stop.customerName}</p>
        <p className="truncate">{area}</p>
      </li>
    </Fragment>
  );
}

function placement(window: TimelineSpan, span: TimelineSpan): CSSProperties {
  const { at, width } = placeOn(window, span);
  return { '--at': at, '--width': width } as CSSProperties;
}
