// The dashboard's appointment tables: All Appointments (newest first), Active Appointments
// (scheduled or in progress, today on, soonest first) and Past Appointments (by month and year,
// newest first), 10 a page from the server, read-only; the appointments screen, linked from the
// header, is where they are changed.
import { APPOINTMENT_SEARCH_MESSAGES } from '@pitstop/shared/appointments/forms';
import { PATHS } from '@pitstop/shared/web-routes';
import { ArrowRight } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { businessToday } from '../../../lib/business-today.ts';
import { useAppointmentSearch } from '../api.ts';
import { DASHBOARD_TABLES, type AppointmentSearch } from '../appointment-search.ts';
import { appointmentCount } from '../appointment-words.ts';
import { AppointmentSummaryTable } from './appointment-summary-table.tsx';
import { MonthYearFilters } from './month-year-filters.tsx';
import { Pager } from './pager.tsx';

export function DashboardAppointments() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold tracking-tight">
            Appointments
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Every booked service. Assign technicians and change a status on the appointments screen.
          </p>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={PATHS.adminAppointments}>
            Manage appointments
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <AppointmentTable title="All Appointments" search={DASHBOARD_TABLES.all} />
      <AppointmentTable
        title="Active Appointments"
        description="Scheduled or in progress, from today on: the soonest first."
        search={DASHBOARD_TABLES.active}
      />
      <PastAppointments />
    </section>
  );
}

/** The Past table's year choices end at the business's current year (its time zone's). */
function PastAppointments() {
  const business = useBusinessProfile();
  const [answerToday, setAnswerToday] = useState<string | null>(null);
  const today = answerToday ?? businessToday(business.data?.timeZone);
  const currentYear = Number(today.slice(0, 4));
  const [filter, setFilter] = useState<{ month: number | null; year: number | null }>({
    month: null,
    year: null,
  });
  // Until a year is chosen, this year's.
  const year = filter.year ?? currentYear;
  return (
    <AppointmentTable
      title="Past Appointments"
      description="Appointments before today, by month and year."
      search={{ ...DASHBOARD_TABLES.past, month: filter.month, year }}
      onAnswerToday={setAnswerToday}
      filters={
        <MonthYearFilters
          month={filter.month}
          year={year}
          currentYear={currentYear}
          onChange={setFilter}
        />
      }
    />
  );
}

interface AppointmentTableProps {
  title: string;
  description?: string;
  /** Page 1 of the table's search; the table keeps its own page. */
  search: AppointmentSearch;
  filters?: ReactNode;
  /** The business-local date the server took as today. */
  onAnswerToday?: (today: string) => void;
}

function AppointmentTable({
  title,
  description,
  search,
  filters,
  onAnswerToday,
}: AppointmentTableProps) {
  const titleId = useId();
  const [paged, setPaged] = useState({ search, page: 1 });
  // A new filter starts again at page 1.
  const page = sameFilters(paged.search, search) ? paged.page : 1;
  const query = useAppointmentSearch({ ...search, page });
  const data = query.data;
  const answeredToday = data?.today;
  useEffect(() => {
    if (answeredToday) onAnswerToday?.(answeredToday);
  }, [answeredToday, onAnswerToday]);
  const isUpdating = query.isFetching && query.isPlaceholderData;

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-card border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="text-base font-semibold">
          {title}
        </h3>
        {data && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            {isUpdating && <Spinner className="size-4" />}
            {appointmentCount(data.total, data.totalCapped)}
          </p>
        )}
      </div>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      {filters && <div className="mt-4 grid gap-3 sm:max-w-md sm:grid-cols-2">{filters}</div>}
      <div className="mt-4">
        {query.isPending ? (
          <LoadingState label="Loading appointments…" className="min-h-24" />
        ) : query.isError && !data ? (
          <ErrorState
            title="We couldn't load these appointments"
            message={errorMessage(query.error, 'Please try again in a moment.')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : data && data.appointments.length === 0 ? (
          <p className="rounded-card border border-dashed border-input px-5 py-6 text-center text-sm text-muted-foreground">
            {APPOINTMENT_SEARCH_MESSAGES.noAppointments}
          </p>
        ) : data ? (
          <AppointmentSummaryTable appointments={data.appointments} label={title} />
        ) : null}
        {data && (data.total > data.pageSize || page > 1) && (
          <Pager
            label={`${title} pages`}
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            totalCapped={data.totalCapped}
            onPageChange={(next) => setPaged({ search, page: next })}
            isLoading={isUpdating}
          />
        )}
      </div>
    </section>
  );
}

/** The same search but for its page. */
function sameFilters(a: AppointmentSearch, b: AppointmentSearch): boolean {
  return JSON.stringify({ ...a, page: 1 }) === JSON.stringify({ ...b, page: 1 });
}
