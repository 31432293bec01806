// The pieces every metric page is built from: the page's frame, a read's loading and error
// states, a titled section, an empty state and a headline figure.
import { PATHS } from '@pitstop/shared/web-routes';
import type { UseQueryResult } from '@tanstack/react-query';
import { BarChart3, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { METRIC_PAGE_MESSAGES } from '../metric-words.ts';

/** A metric page: back to the dashboard above its title, on to Analytics beside it. */
export function MetricPage({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminPage
      title={title}
      breadcrumbs={[{ label: 'Admin Dashboard', to: PATHS.adminDashboard }]}
      description={description}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={PATHS.adminAnalytics}>
            <BarChart3 aria-hidden="true" />
            View analytics
          </Link>
        </Button>
      }
    >
      {children}
    </AdminPage>
  );
}

/**
 * The read's figures once they are here; until then its loading state, or its error with Try
 * Again. A refresh that fails keeps the figures already shown.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  failedTitle,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  /** What failed, e.g. "Failed to load today's appointments"; the server's words follow. */
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <ErrorState
        title={failedTitle}
        message={errorMessage(query.error, METRIC_PAGE_MESSAGES.loadFailed)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <LoadingState label={loadingLabel} />;
}

export function MetricSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({ icon: Icon, message }: { icon: LucideIcon; message: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input bg-background px-6 py-10 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">{message}</p>
    </div>
  );
}

/** A labelled headline figure; a list of them is a `<dl>`. */
export function Figure({
  label,
  value,
  detail,
}: {
  label: ReactNode;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</dd>
      {detail && <dd className="text-sm text-muted-foreground">{detail}</dd>}
    </div>
  );
}
