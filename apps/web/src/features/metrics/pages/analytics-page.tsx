// Analytics (/admin/analytics; manager, admin and super_admin): a range of days, kept in the
// address (?from=&to=), and that range's figures from the server. Without a range in the address,
// the last ANALYTICS_DEFAULT_DAYS days ending today, business-local.
import type { AnalyticsQuery } from '@pitstop/shared/metrics/forms';
import { daysIn } from '@pitstop/shared/metrics/rules';
import { PATHS } from '@pitstop/shared/web-routes';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { businessToday } from '../../../lib/business-today.ts';
import { useAnalytics } from '../analytics-api.ts';
import { rangeFromSearch } from '../analytics-range.ts';
import { AnalyticsFigures } from '../components/analytics-figures.tsx';
import { AnalyticsRangeForm } from '../components/analytics-range-form.tsx';
import { QueryState } from '../components/metric-parts.tsx';
import { countOf, dayRange, METRIC_PAGE_MESSAGES } from '../metric-words.ts';

export function AnalyticsPage() {
  const [search, setSearch] = useSearchParams();
  const business = useBusinessProfile();
  const today = businessToday(business.data?.timeZone);
  const choice = useMemo(() => rangeFromSearch(search, today), [search, today]);
  // A default end or start is today, which waits for the business's zone (usually in the cache).
  const needsToday = !search.has('from') || !search.has('to');
  const analytics = useAnalytics(
    choice.range,
    choice.errors === null && !(needsToday && business.isPending),
  );

  function show(range: AnalyticsQuery) {
    setSearch({ from: range.from, to: range.to });
  }

  return (
    <AdminPage
      title="Analytics"
      breadcrumbs={[{ label: 'Admin Dashboard', to: PATHS.adminDashboard }]}
      description="Revenue, orders and the most asked-for services over a range of days."
    >
      <div className="flex flex-col gap-8">
        <AnalyticsRangeForm
          key={`${choice.range.from}|${choice.range.to}`}
          range={choice.range}
          isInvalid={choice.errors !== null}
          onSubmit={show}
        />
        {choice.errors !== null ? (
          <p className="text-sm text-muted-foreground">{METRIC_PAGE_MESSAGES.fixRange}</p>
        ) : (
          <div className="flex flex-col gap-6">
            <p className="text-sm" aria-live="polite">
              <span className="font-semibold">
                Showing {dayRange(choice.range.from, choice.range.to)}
              </span>{' '}
              <span className="text-muted-foreground">
                ({countOf(daysIn(choice.range), 'day')})
              </span>
            </p>
            <QueryState
              query={analytics}
              loadingLabel="Loading analytics…"
              failedTitle="Failed to load analytics"
            >
              {(data) => <AnalyticsFigures analytics={data} />}
            </QueryState>
          </div>
        )}
      </div>
    </AdminPage>
  );
}
