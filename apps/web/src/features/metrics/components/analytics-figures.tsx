// Analytics' figures for one range (real data, never sample figures): four KPI cards, Popular
// Services and Service Areas bars (the business's areas, or cities while no area lists a ZIP),
// and revenue by week and by month. Every figure comes from the answer; a chart with nothing
// says so.
import type { Analytics } from '@pitstop/shared/metrics/responses';
import { METRIC_MESSAGES } from '@pitstop/shared/metrics/rules';
import { formatPrice } from '@pitstop/shared/money';
import { BarChart3, MapPin, Receipt, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { BarList, type Bar } from '../../../components/bar-list.tsx';
import { countOf, METRIC_PAGE_MESSAGES, monthLabel, weekLabel } from '../metric-words.ts';
import { EmptyState, Figure, MetricSection } from './metric-parts.tsx';

export function AnalyticsFigures({ analytics }: { analytics: Analytics }) {
  const { kpis } = analytics;
  // Cities stand in for areas until Business Profile gives an area its ZIP codes.
  const byArea = analytics.serviceAreasBy === 'area';
  const hasRevenue = (rows: { revenueCents: number }[]) => rows.some((row) => row.revenueCents > 0);
  const revenueBar = (
    key: string,
    label: string,
    row: { revenueCents: number; orders: number },
  ): Bar => ({
    key,
    label,
    value: row.revenueCents,
    valueText: formatPrice(row.revenueCents),
    detail: countOf(row.orders, 'order'),
  });

  return (
    <div className="flex flex-col gap-8">
      <MetricSection title="Key figures">
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Figure label="Revenue" value={formatPrice(kpis.revenueCents)} />
          <Figure label="Paid orders" value={kpis.paidOrders.toLocaleString('en-US')} />
          <Figure
            label="Services completed"
            value={kpis.completedServices.toLocaleString('en-US')}
          />
          <Figure
            label="Average order"
            value={kpis.averageOrderCents === null ? '—' : formatPrice(kpis.averageOrderCents)}
          />
        </dl>
      </MetricSection>

      <div className="grid gap-8 lg:grid-cols-2">
        <ChartSection
          title="Popular Services"
          description="Appointments by service, cancelled ones left out."
        >
          {analytics.popularServices.length === 0 ? (
            <EmptyState icon={Wrench} message={METRIC_PAGE_MESSAGES.noAppointmentsInRange} />
          ) : (
            <BarList
              label="Appointments by service"
              bars={analytics.popularServices.map((row) => ({
                key: row.serviceName,
                label: row.serviceName,
                value: row.count,
                valueText: countOf(row.count, 'appointment'),
              }))}
            />
          )}
        </ChartSection>
        <ChartSection
          title="Service Areas"
          description={
            byArea ? 'Paid visits by area.' : 'Paid visits by city: no area lists ZIP codes yet.'
          }
        >
          {analytics.serviceAreas.length === 0 ? (
            <EmptyState icon={MapPin} message={METRIC_PAGE_MESSAGES.noAreasInRange} />
          ) : (
            <BarList
              label={byArea ? 'Paid visits by area' : 'Paid visits by city'}
              // Keyed by position: an area the business named Other may be listed beside the visits in none.
              bars={analytics.serviceAreas.map((row, index) => ({
                key: `${index}`,
                label: row.area,
                value: row.count,
                valueText: countOf(row.count, 'visit'),
              }))}
            />
          )}
        </ChartSection>
        <ChartSection title="Revenue by week" description="Paid orders, weeks from Sunday.">
          {hasRevenue(analytics.revenueByWeek) ? (
            <BarList
              label="Revenue by week"
              bars={analytics.revenueByWeek.map((row) =>
                revenueBar(row.start, weekLabel(row.start), row),
              )}
            />
          ) : (
            <EmptyState icon={Receipt} message={METRIC_MESSAGES.noData} />
          )}
        </ChartSection>
        <ChartSection title="Revenue by month" description="Paid orders by calendar month.">
          {hasRevenue(analytics.revenueByMonth) ? (
            <BarList
              label="Revenue by month"
              bars={analytics.revenueByMonth.map((row) =>
                revenueBar(row.month, monthLabel(row.month), row),
              )}
            />
          ) : (
            <EmptyState icon={BarChart3} message={METRIC_MESSAGES.noData} />
          )}
        </ChartSection>
      </div>
    </div>
  );
}

function ChartSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <MetricSection title={title} description={description}>
      <div className="rounded-card border border-border bg-card p-4 shadow-sm sm:p-6">
        {children}
      </div>
    </MetricSection>
  );
}
