// Completion Rate (/admin/metrics/completion-rate): completed divided by total appointments today,
// this week so far (from Sunday) and this month so far, with 1 decimal, and the 10 latest completed
// jobs with their real service time.
import type { PeriodRate } from '@pitstop/shared/metrics/responses';
import { METRIC_MESSAGES } from '@pitstop/shared/metrics/rules';
import { ClipboardCheck } from 'lucide-react';
import { useCompletionRates } from '../api.ts';
import {
  EmptyState,
  Figure,
  MetricPage,
  MetricSection,
  QueryState,
} from '../components/metric-parts.tsx';
import { CompletionList } from '../components/service-time-figure.tsx';
import { rateText, shortDay, sinceDay } from '../metric-words.ts';

export function CompletionRatePage() {
  const rates = useCompletionRates();
  return (
    <MetricPage
      title="Completion Rate"
      description="Completed appointments out of all appointments of the period, cancelled ones left out. Days still to come are not counted."
    >
      <QueryState
        query={rates}
        loadingLabel="Loading completion rates…"
        failedTitle="Failed to load completion rates"
      >
        {({ today, week, month, latest }) => (
          <div className="flex flex-col gap-8">
            <dl className="grid gap-4 sm:grid-cols-3">
              <RateFigure label="Today" period={shortDay(today.from)} rate={today} />
              <RateFigure
                label="This week so far"
                period={sinceDay(week.from, today.from)}
                rate={week}
              />
              <RateFigure
                label="This month so far"
                period={sinceDay(month.from, today.from)}
                rate={month}
              />
            </dl>
            <MetricSection
              title="Latest completions"
              description="The 10 most recently completed appointments, with their time against target."
            >
              {latest.length === 0 ? (
                <EmptyState icon={ClipboardCheck} message={METRIC_MESSAGES.noCompletions} />
              ) : (
                <CompletionList label="Latest completions" completions={latest} />
              )}
            </MetricSection>
          </div>
        )}
      </QueryState>
    </MetricPage>
  );
}

function RateFigure({ label, period, rate }: { label: string; period: string; rate: PeriodRate }) {
  return (
    <Figure
      label={
        <>
          {label} <span className="font-normal">({period})</span>
        </>
      }
      value={rateText(rate.rate)}
      detail={
        rate.total === 0
          ? 'No appointments'
          : `${rate.completed.toLocaleString('en-US')} completed of ${rate.total.toLocaleString('en-US')}`
      }
    />
  );
}
