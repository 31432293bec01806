// A job's real service time against its target (real times, from in progress to completed; the
// target is the minutes its service was booked for), and the latest completed jobs listed with it.
// An implausible time is shown with its figure and flagged: no average counts it.
import type { Completion } from '@pitstop/shared/metrics/responses';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  againstTarget,
  dateAndTime,
  METRIC_PAGE_MESSAGES,
  minutesText,
  type TargetTone,
} from '../metric-words.ts';

const TONE_BADGE = { over: 'warning', under: 'success', on: 'success' } as const;

/** 'On target', '7.5 min over target': in words, the colour only repeats them. */
export function TargetBadge({ tone, words }: { tone: TargetTone; words: string }) {
  return <Badge variant={TONE_BADGE[tone]}>{words}</Badge>;
}

function ServiceTimeFigure({
  actualMinutes,
  targetMinutes,
  isImplausible,
}: Pick<Completion, 'actualMinutes' | 'targetMinutes' | 'isImplausible'>) {
  const target = (
    <span className="text-muted-foreground">vs {minutesText(targetMinutes)} target</span>
  );
  if (actualMinutes === null) {
    return (
      <p className="text-sm">
        <span className="font-semibold">{METRIC_PAGE_MESSAGES.notTimed}</span> {target}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:justify-end">
      <p>
        <span className="font-semibold tabular-nums">{minutesText(actualMinutes)}</span> {target}
      </p>
      {isImplausible ? (
        <Badge variant="destructive">{METRIC_PAGE_MESSAGES.implausible}</Badge>
      ) : (
        <TargetBadge {...againstTarget(actualMinutes, targetMinutes)} />
      )}
    </div>
  );
}

export function CompletionList({
  label,
  completions,
}: {
  label: string;
  completions: Completion[];
}) {
  return (
    <ol
      aria-label={label}
      className="divide-y divide-border rounded-card border border-border bg-card shadow-sm"
    >
      {completions.map((completion) => (
        <li
          key={completion.appointmentId}
          className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6"
        >
          <div className="min-w-0">
            <p className="font-semibold break-words">{completion.customerName}</p>
            <p className="text-sm break-words">{completion.serviceName}</p>
            <p className="text-sm text-muted-foreground">
              {completion.technician ?? METRIC_PAGE_MESSAGES.unassigned} ·{' '}
              <time dateTime={`${completion.date}T${completion.time}`}>
                {dateAndTime(completion.date, completion.time)}
              </time>
            </p>
          </div>
          <ServiceTimeFigure
            actualMinutes={completion.actualMinutes}
            targetMinutes={completion.targetMinutes}
            isImplausible={completion.isImplausible}
          />
        </li>
      ))}
    </ol>
  );
}
