// Completion Rate (/admin/metrics/completion-rate; SPEC sections 2, 8 and 9): completed divided
// by total appointments today, this week (Sunday to Saturday) and this month, with 1 decimal,
// and the 10 latest completed jobs with their real service time.
import type { PeriodRate } from '@pitstop/shared/metrics/responses';
import { METRIC_MESSAGES } from '@pitstop/shared/metrics/rules';
import { PATHS } from '@pitstop/shared/web-routes';
import { ClipboardCheck } from 'lucide-react';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useCompletionRates } from '../api.ts';
import { EmptyState, Figure, MetricSection, QueryState } from '../components/metric-parts.tsx';
import { CompletionList } from '../components/service-time-figure.tsx';
import { monthOfDay, rateText, shortDay } from '../metric-words.ts';

export function CompletionRatePage() {
  const rates = useCompletionRates();
  return (
    <AdminPage
      title="Completion Rate"
      breadcrumbs={[{ label: 'Admin Dashboard', to: PATHS.adminDashboard }]}
      description="Completed appointments out of all appointments of the period, cancelled ones left out."
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
                label="This week"
                period={`${shortDay(week.from)} – ${shortDay(week.to)}`}
                rate={week}
              />
              <RateFigure label="This month" period={monthOfDay(month.from)} rate={month} />
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
    </AdminPage>
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
