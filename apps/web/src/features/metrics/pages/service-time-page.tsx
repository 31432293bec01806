// Average Service Time (/admin/metrics/service-time): over the last 30 days, each service's average
// real time (in progress to completed) against its target, and the 10 latest completed services.
import { daysIn, METRIC_MESSAGES } from '@pitstop/shared/metrics/rules';
import { Timer } from 'lucide-react';
import { useServiceTimes } from '../api.ts';
import { EmptyState, MetricPage, MetricSection, QueryState } from '../components/metric-parts.tsx';
import { CompletionList } from '../components/service-time-figure.tsx';
import { ServiceTimeBars } from '../components/service-time-bars.tsx';
import { dayRange, minutesText } from '../metric-words.ts';

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
        {({ from, to, targetMinutes, byService, recent }) => (
          <div className="flex flex-col gap-8">
            <p className="text-sm">
              <span className="font-semibold">Last {daysIn({ from, to })} days:</span>{' '}
              {dayRange(from, to)}. The dashboard compares the day&apos;s average with{' '}
              {minutesText(targetMinutes)}.
            </p>
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
