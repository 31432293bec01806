// The dashboard's metric cards: today's appointments, active technicians, the completion rate and
// the average service time against its target (the minutes the same jobs were booked for, on
// average), each beside yesterday's figure and how it moved; each whole card opens its metric page,
// and the heading's link opens Analytics (every staff role may read the figures).
import type { DashboardMetrics } from '@pitstop/shared/metrics/responses';
import { changeSince } from '@pitstop/shared/metrics/rules';
import { PATHS } from '@pitstop/shared/web-routes';
import { clsx } from 'clsx';
import {
  ArrowDownRight,
  ArrowRight,
  ArrowUpRight,
  CalendarDays,
  CircleCheckBig,
  Timer,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useDashboardMetrics } from '../api.ts';
import { formatAppointmentDay } from '../appointment-words.ts';

type Figure = number | null;

interface Figures {
  today: Figure;
  yesterday: Figure;
  /** What each day's figure is measured against (service time: the jobs' booked minutes). */
  target?: { today: Figure; yesterday: Figure };
}

interface MetricCard {
  title: string;
  to: string;
  icon: LucideIcon;
  /** The figures of today and yesterday, from the answer. */
  pick: (metrics: DashboardMetrics) => Figures;
  format: (value: number) => string;
  /** How a change is counted: '3', '2.5 pts', '4.0 min'. */
  unit: (difference: number) => string;
  /** For service time, a drop is the good news. */
  lowerIsBetter?: boolean;
}

const count = (value: number) => value.toLocaleString('en-US');

const CARDS: readonly MetricCard[] = [
  {
    title: "Today's Appointments",
    to: PATHS.metricTodayAppointments,
    icon: CalendarDays,
    pick: (metrics) => metrics.todayAppointments,
    format: count,
    unit: count,
  },
  {
    title: 'Active Technicians',
    to: PATHS.metricActiveTechnicians,
    icon: UsersRound,
    pick: (metrics) => metrics.activeTechnicians,
    format: count,
    unit: count,
  },
  {
    title: 'Completion Rate',
    to: PATHS.metricCompletionRate,
    icon: CircleCheckBig,
    pick: (metrics) => metrics.completionRate,
    format: (value) => `${value.toFixed(1)}%`,
    unit: (difference) => `${difference.toFixed(1)} pts`,
  },
  {
    title: 'Avg Service Time',
    to: PATHS.metricServiceTime,
    icon: Timer,
    pick: ({ averageServiceMinutes: { today, yesterday, targetMinutes } }) => ({
      today,
      yesterday,
      target: targetMinutes,
    }),
    format: (value) => `${value.toFixed(1)} min`,
    unit: (difference) => `${difference.toFixed(1)} min`,
    lowerIsBetter: true,
  },
];

/** No figure: no appointments (rate) or no completed job (service time) that day. */
const NONE = '—';

export function MetricCards() {
  const metrics = useDashboardMetrics();
  const titleId = useId();
  const data = metrics.data;
  return (
    <section aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          Today at a glance
          {data && (
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              {formatAppointmentDay(data.today)}
            </span>
          )}
        </h2>
        <Link
          to={PATHS.adminAnalytics}
          className="group flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          View analytics
          <ArrowRight
            className="size-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </Link>
      </div>
      {metrics.isError && (
        <div
          role="alert"
          className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <span>
            We couldn&apos;t load today&apos;s figures.{' '}
            {errorMessage(metrics.error, 'Please try again in a moment.')}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void metrics.refetch()}
            disabled={metrics.isFetching}
          >
            Try Again
          </Button>
        </div>
      )}
      <ul className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {CARDS.map((card) => (
          <li key={card.to}>
            <MetricCardLink card={card} figures={data ? card.pick(data) : undefined} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MetricCardLink({
  card,
  figures,
}: {
  card: MetricCard;
  /** Undefined while loading or when the figures could not be loaded. */
  figures: Figures | undefined;
}) {
  const { title, to, icon: Icon, format } = card;
  const shown = (value: Figure | undefined) =>
    value === undefined ? '…' : value === null ? NONE : format(value);
  // Yesterday's target beside yesterday's figure: both are null on a day without timed jobs.
  const bookedYesterday = figures?.target?.yesterday ?? null;
  return (
    <Link
      to={to}
      className="group flex h-full flex-col gap-2 rounded-card border border-border bg-card p-4 shadow-sm transition hover:border-brand-300 hover:shadow-md sm:p-5"
    >
      <span className="flex items-start justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">{title}</span>
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </span>
      <span className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">
        <span className="sr-only">Today: </span>
        {shown(figures?.today)}
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">
        Yesterday: {shown(figures?.yesterday)}
        {bookedYesterday !== null && <> (booked {format(bookedYesterday)})</>}
      </span>
      {figures?.target !== undefined && (
        <Target today={figures.today} target={figures.target.today} format={format} />
      )}
      {figures && <Change card={card} today={figures.today} yesterday={figures.yesterday} />}
      <span className="mt-auto flex items-center gap-1 pt-1 text-xs font-medium text-brand-700">
        View details
        <ArrowRight
          className="size-3.5 transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </span>
    </Link>
  );
}

function Change({
  card,
  today,
  yesterday,
}: {
  card: MetricCard;
  today: Figure;
  yesterday: Figure;
}) {
  const change = changeSince(today, yesterday);
  if (!change) return null;
  if (change.direction === 'same') {
    return <span className="text-xs font-medium text-muted-foreground">Same as yesterday</span>;
  }
  const isUp = change.direction === 'up';
  const isGood = isUp !== Boolean(card.lowerIsBetter);
  const Arrow = isUp ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={clsx(
        'flex items-center gap-1 text-xs font-semibold',
        isGood ? 'text-green-700' : 'text-amber-800',
      )}
    >
      <Arrow className="size-3.5 shrink-0" aria-hidden="true" />
      {isUp ? 'Up' : 'Down'} {card.unit(change.difference)} since yesterday
    </span>
  );
}

/** A job's target is the minutes its service was booked for: the card says so in words. */
function Target({
  today,
  target,
  format,
}: {
  today: Figure;
  target: Figure;
  format: (value: number) => string;
}) {
  if (today === null || target === null) {
    return (
      <span className="text-xs text-muted-foreground">Target: each job&apos;s booked time</span>
    );
  }
  const isOver = today > target;
  return (
    <span className="text-xs text-muted-foreground tabular-nums">
      Booked for {format(target)} on average
      <span className={clsx('font-semibold', isOver ? 'text-amber-800' : 'text-green-700')}>
        {' · '}
        {isOver ? 'Over target' : 'Within target'}
      </span>
    </span>
  );
}
