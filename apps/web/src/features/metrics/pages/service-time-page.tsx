// Average Service Time (/admin/metrics/service-time): over the last 30 days, each service's average
// real time (in progress to completed) against its target, the minutes the same jobs were booked
// for (the dashboard's rule too), implausible times left out and counted; and the 10 latest
// completed services, implausible times flagged.
import {
  daysIn,
  MAX_PLAUSIBLE_SERVICE_RATIO,
  METRIC_MESSAGES,
  MIN_PLAUSIBLE_SERVICE_MINUTES,
} from '@pitstop/shared/metrics/rules';
import { Timer } from 'lucide-react';
import { useServiceTimes } from '../api.ts';
import { EmptyState, MetricPage, MetricSection, QueryState } from '../components/metric-parts.tsx';
import { CompletionList } from '../components/service-time-figure.tsx';
import { ServiceTimeBars } from '../components/service-time-bars.tsx';
import { countOf, dayRange } from '../metric-words.ts';

const RULE =
  "A job's target is the minutes its service was booked for, here and on the dashboard; " +
  `a time under ${countOf(MIN_PLAUSIBLE_SERVICE_MINUTES, 'minute')} or over ` +
  `${MAX_PLAUSIBLE_SERVICE_RATIO} times the booked minutes is implausible and counts in no average.`;

export function ServiceTimePage() {
  const times = useServiceTimes();
  return (
    <MetricPage
      title="Average Service Time"
      description="Minutes from a job's start to its completion, against the time booked for its service."
    >
      <QueryState
        query={times}
        loadingLabel="Loading service times…"
        failedTitle="Failed to load service times"
      >
        {({ from, to, byService, implausibleLeftOut, recent }) => (
          <div className="flex flex-col gap-8">
            <div className="flex flex-col gap-1 text-sm">
              <p>
                <span className="font-semibold">Last {daysIn({ from, to })} days:</span>{' '}
                {dayRange(from, to)}.
              </p>
              <p>{RULE}</p>
              {implausibleLeftOut > 0 && (
                <p className="font-medium">
                  {countOf(implausibleLeftOut, 'implausible time')} left out.
                </p>
              )}
            </div>
            {byService.length === 0 && recent.length === 0 ? (
              <EmptyState icon={Timer} message={METRIC_MESSAGES.noServices} />
            ) : (
              <>
                <MetricSection title="By service">
                  {byService.length === 0 ? (
                    <EmptyState icon={Timer} message={METRIC_MESSAGES.noServices} />
                  ) : (
                    <div className="rounded-card border border-border bg-card p-4 shadow-sm sm:p-6">
                      <ServiceTimeBars services={byService} />
                    </div>
                  )}
                </MetricSection>
                <MetricSection
                  title="Recent services"
                  description="The 10 most recently completed."
                >
                  {recent.length === 0 ? (
                    <EmptyState icon={Timer} message={METRIC_MESSAGES.noServices} />
                  ) : (
                    <CompletionList label="Recent services" completions={recent} />
                  )}
                </MetricSection>
              </>
            )}
          </div>
        )}
      </QueryState>
    </MetricPage>
  );
}
