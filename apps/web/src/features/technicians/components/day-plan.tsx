// The Technicians page's Day Plan (a dispatch view): for a chosen date (today on the business's
// clock at first), each onboarded technician's day as a timeline of the business's hours, every
// visit a block with its times, order number, customer and area (and, in words, when it would be
// reached late or overlaps the visit before), the drive before it a hatched block saying how long,
// the drive home after the last; and the day's total driving. Below 640 px the same list stacks
// (drive, visit, in time order); wider, it is laid out on the hours, overlapping visits in rows of
// their own, and scrolls sideways. Then the date's visits no technician has, to give to one.
import { formatDayHours, formatTime12, type DayHours } from '@pitstop/shared/business/hours';
import { weekdayOf } from '@pitstop/shared/booking/time-slots';
import type {
  DayPlanStop,
  DayPlanTechnician,
  DayPlanUnassignedVisit,
} from '@pitstop/shared/technicians/dispatch/responses';
import { PATHS } from '@pitstop/shared/web-routes';
import { AlertTriangle, Car, House } from 'lucide-react';
import { Fragment, useId, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
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
  homeBlockOf,
  homeWords,
  lateWords,
  OVERLAP_WORDS,
  placeOn,
  rowsOf,
  type TimelineSpan,
} from '../day-plan-timeline.ts';

/** How wide a minute is on the wide timeline: a 30-minute visit is 90 px. */
const PIXELS_PER_MINUTE = 3;
/** A row of the wide timeline, in rem: taller on a day with warnings, which wrap in the blocks. */
const ROW_HEIGHT = 6;
const ROW_HEIGHT_WITH_WARNINGS = 10;
const ROW_GAP = 0.5;

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
  unassigned: 'Unassigned',
  unassignedBefore: 'No technician has these visits. Give each to a technician on the ',
  unassignedLink: 'appointments page',
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
      ) : (
        <>
          {plan.data.technicians.length === 0 ? (
            <p className="text-sm text-muted-foreground">{DAY_PLAN_WORDS.empty}</p>
          ) : (
            <ul aria-label={`Day plan of ${date}`} className="space-y-4">
              {plan.data.technicians.map((technician) => (
                <TechnicianDay
                  key={technician.profileId}
                  technician={technician}
                  hours={hours}
                  isToday={date === today}
                />
              ))}
            </ul>
          )}
          {plan.data.unassigned.length > 0 && <UnassignedVisits visits={plan.data.unassigned} />}
        </>
      )}
    </section>
  );
}

function TechnicianDay({
  technician,
  hours,
  isToday,
}: {
  technician: DayPlanTechnician;
  hours: DayHours | undefined;
  /** Their duty status is today's: shown on today's plan only. */
  isToday: boolean;
}) {
  const nameId = useId();
  const { name, stops, driveMinutesHome } = technician;
  const window = dayWindow(hours, stops, driveMinutesHome);
  return (
    <li
      aria-labelledby={nameId}
      className="rounded-card border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={nameId} className="font-semibold">
          {name}
        </h3>
        {isToday && <TechnicianStatusBadge status={technician.status} />}
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
        <Timeline name={name} stops={stops} driveMinutesHome={driveMinutesHome} window={window} />
      )}
    </li>
  );
}

function Timeline({
  name,
  stops,
  driveMinutesHome,
  window,
}: {
  name: string;
  stops: readonly DayPlanStop[];
  driveMinutesHome: number | null;
  window: TimelineSpan;
}) {
  const { rows, count } = rowsOf(stops);
  const rowHeight = stops.some(hasWarning) ? ROW_HEIGHT_WITH_WARNINGS : ROW_HEIGHT;
  const rowTop = (row: number) => `${row * (rowHeight + ROW_GAP)}rem`;
  const home = homeBlockOf(stops, driveMinutesHome);
  // The drive home leaves from the visit that ends last: on its row.
  const ends = stops.map((stop) => blocksOf(stop).visit.end);
  const lastRow = rows[ends.lastIndexOf(Math.max(...ends))] ?? 0;
  const width = {
    '--timeline-width': `${(window.end - window.start) * PIXELS_PER_MINUTE}px`,
    '--rows-height': `${count * rowHeight + (count - 1) * ROW_GAP}rem`,
    '--row-height': `${rowHeight}rem`,
  };
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
          className="space-y-2 sm:relative sm:h-(--rows-height) sm:space-y-0 sm:rounded-md sm:bg-muted/40"
        >
          {stops.map((stop, index) => (
            <StopBlocks
              key={stop.bookingId}
              stop={stop}
              window={window}
              top={rowTop(rows[index] ?? 0)}
            />
          ))}
          {home && driveMinutesHome !== null && (
            <li
              title={homeWords(driveMinutesHome)}
              className={`${PLACED} ${DRIVE_CLASSES}`}
              style={placement(window, home, rowTop(lastRow))}
            >
              <House className="size-3.5 shrink-0 sm:hidden" aria-hidden="true" />
              <span className="truncate">{homeWords(driveMinutesHome)}</span>
            </li>
          )}
        </ol>
      </div>
    </div>
  );
}

/**
 * On the wide timeline, a block sits at its time on its row (visits that overlap take rows of
 * their own); stacked, it takes the line.
 */
const PLACED =
  'sm:absolute sm:top-(--top) sm:h-(--row-height) sm:left-(--at) sm:w-(--width) sm:overflow-hidden';
const DRIVE_CLASSES =
  'flex items-center gap-1.5 rounded-md border border-dashed border-slate-400 bg-[repeating-linear-gradient(135deg,var(--color-slate-200)_0_4px,var(--color-white)_4px_8px)] px-2 py-1 text-xs font-medium text-slate-800 sm:px-1';

const hasWarning = (stop: DayPlanStop) => stop.lateMinutes > 0 || stop.overlapsPrevious;

/** What is wrong with a stop, in words: reached late, overlapping the visit before. */
function warningsOf(stop: DayPlanStop): string[] {
  return [
    ...(stop.overlapsPrevious ? [OVERLAP_WORDS] : []),
    ...(stop.lateMinutes > 0 ? [lateWords(stop.lateMinutes)] : []),
  ];
}

function StopBlocks({
  stop,
  window,
  top,
}: {
  stop: DayPlanStop;
  window: TimelineSpan;
  top: string;
}) {
  const { drive, visit } = blocksOf(stop);
  const times = `${formatTime12(stop.startTime)} – ${formatTime12(stop.endTime)}`;
  const area = stop.area ?? DAY_PLAN_WORDS.noArea;
  const warnings = warningsOf(stop);
  const lines = [times, stop.orderNumber, stop.customerName, area, ...warnings];
  return (
    <Fragment>
      {drive && stop.driveMinutesBefore !== null && (
        <li
          title={driveWords(stop.driveMinutesBefore)}
          className={`${PLACED} ${DRIVE_CLASSES}`}
          style={placement(window, drive, top)}
        >
          <Car className="size-3.5 shrink-0 sm:hidden" aria-hidden="true" />
          <span className="truncate">{driveWords(stop.driveMinutesBefore)}</span>
        </li>
      )}
      <li
        title={lines.join(', ')}
        className={`${PLACED} rounded-md border px-3 py-2 text-sm sm:px-1.5 sm:py-1 sm:text-xs sm:leading-4 ${
          warnings.length > 0
            ? 'border-amber-500 bg-amber-50 text-amber-950'
            : 'border-blue-300 bg-blue-50 text-blue-950'
        }`}
        style={placement(window, visit, top)}
      >
        {/* Wraps on the timeline: a half-hour block is too narrow for the range on one line. */}
        <p className="font-semibold sm:line-clamp-2">{times}</p>
        <p className="truncate">{stop.orderNumber}</p>
        <p className="truncate">{stop.customerName}</p>
        <p className="truncate">{area}</p>
        {warnings.map((warning) => (
          <p key={warning} className="flex items-start gap-1 font-semibold">
            <AlertTriangle className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
            {warning}
          </p>
        ))}
      </li>
    </Fragment>
  );
}

/** The date's paid visits no technician has, with where to give each to one. */
function UnassignedVisits({ visits }: { visits: readonly DayPlanUnassignedVisit[] }) {
  const headingId = useId();
  return (
    <div className="rounded-card border border-amber-300 bg-card p-4 shadow-sm">
      <h3 id={headingId} className="font-semibold">
        {DAY_PLAN_WORDS.unassigned}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {DAY_PLAN_WORDS.unassignedBefore}
        <Link to={PATHS.adminAppointments} className="font-medium text-primary underline">
          {DAY_PLAN_WORDS.unassignedLink}
        </Link>
        .
      </p>
      <ul aria-labelledby={headingId} className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {visits.map((visit) => (
          <li
            key={visit.bookingId}
            className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
          >
            <p className="font-semibold">
              {`${formatTime12(visit.startTime)} – ${formatTime12(visit.endTime)}`}
            </p>
            <p className="whitespace-nowrap">{visit.orderNumber}</p>
            <p className="break-words">{visit.customerName}</p>
            <p className="break-words">{visit.area ?? DAY_PLAN_WORDS.noArea}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function placement(window: TimelineSpan, span: TimelineSpan, top: string): CSSProperties {
  const { at, width } = placeOn(window, span);
  return { '--at': at, '--width': width, '--top': top } as CSSProperties;
}
