// The appointments screen, at /admin/appointments ("Appointments") and /manager/appointments
// ("Manager Appointments"), for manager, admin and super_admin: search customer or service, filter
// and sort, 10 a page from the server; assign a technician not off duty and change the status
// (cancelling asks first). The search lives in the address, so a reload, a shared link or Back
// shows the same list.
import { APPOINTMENT_SEARCH_MESSAGES as M } from '@pitstop/shared/appointments/forms';
import { PATHS } from '@pitstop/shared/web-routes';
import { CalendarSearch } from 'lucide-react';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { businessToday } from '../../../lib/business-today.ts';
import { useAppointmentSearch, useAssignableTechnicians } from '../api.ts';
import {
  datesOf,
  DEFAULT_SEARCH,
  paramsFromSearch,
  searchFromParams,
  type AppointmentSearch,
} from '../appointment-search.ts';
import { appointmentCount } from '../appointment-words.ts';
import { AppointmentFilters } from '../components/appointment-filters.tsx';
import { ManageAppointmentsTable } from '../components/manage-appointments-table.tsx';
import { Pager } from '../components/pager.tsx';

/**
 * The search in the address, and a way to change it (a new filter starts at page 1). While a
 * change is on its way into the address (the route's loaders run first), the filters show the
 * search asked for, and a second change builds on it rather than on the address it replaces.
 */
function useSearchInAddress() {
  const location = useLocation();
  const pending = useNavigation().location;
  const shown = pending?.pathname === location.pathname ? pending.search : location.search;
  const search = useMemo(() => searchFromParams(new URLSearchParams(shown)), [shown]);
  const navigate = useNavigate();
  // What this page last asked for, from which address: until the address moves on, the base.
  const asked = useRef<{ from: string; search: AppointmentSearch } | null>(null);
  const change = useCallback(
    (next: Partial<AppointmentSearch>, options: { replace?: boolean } = {}) => {
      const base = asked.current?.from === location.key ? asked.current.search : search;
      const wanted = { ...base, page: 1, ...next };
      asked.current = { from: location.key, search: wanted };
      navigate(`?${paramsFromSearch(wanted)}`, { replace: options.replace ?? false });
    },
    [location.key, navigate, search],
  );
  return [search, change] as const;
}

export function AppointmentsPage() {
  const { pathname } = useLocation();
  const title = pathname.startsWith(PATHS.managerAppointments)
    ? 'Manager Appointments'
    : 'Appointments';
  const [search, changeSearch] = useSearchInAddress();
  const appointments = useAppointmentSearch(search);
  const data = appointments.data;
  const technicians = useAssignableTechnicians(
    useMemo(() => datesOf(data?.appointments ?? []), [data]),
  );
  const business = useBusinessProfile();
  const today = data?.today ?? businessToday(business.data?.timeZone);
  const isUpdating = appointments.isFetching && appointments.isPlaceholderData;
  const isFiltered = paramsFromSearch({ ...search, page: 1 }).size > 0;

  return (
    <AdminPage
      title={title}
      breadcrumbs={[{ label: 'Admin Dashboard', to: PATHS.adminDashboard }]}
      description="Find any appointment, assign a technician and keep its status current."
    >
      <section
        aria-label="Appointments"
        className="flex flex-col gap-4 sm:rounded-card sm:border sm:border-border sm:bg-card sm:p-6 sm:shadow-sm"
      >
        <AppointmentFilters
          search={search}
          onChange={changeSearch}
          currentYear={Number(today.slice(0, 4))}
          isUpdating={isUpdating}
        />
        {data && (
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {appointmentCount(data.total, data.totalCapped)}
            {search.q && ` matching “${search.q}”`}
          </p>
        )}
        {technicians.isError && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            <span>
              We couldn&apos;t load the technicians to assign.{' '}
              {errorMessage(technicians.error, 'Please try again in a moment.')}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void technicians.refetch()}
              disabled={technicians.isFetching}
            >
              Try Again
            </Button>
          </div>
        )}
        {appointments.isPending ? (
          <LoadingState label="Loading appointments…" />
        ) : appointments.isError && !data ? (
          <ErrorState
            title="We couldn't load the appointments"
            message={errorMessage(appointments.error, 'Please try again in a moment.')}
            onRetry={() => void appointments.refetch()}
            isRetrying={appointments.isFetching}
          />
        ) : data && data.appointments.length === 0 ? (
          <EmptyState onClear={isFiltered ? () => changeSearch(DEFAULT_SEARCH) : undefined} />
        ) : data ? (
          <ManageAppointmentsTable
            appointments={data.appointments}
            technicians={technicians.data}
          />
        ) : null}
        {data && (
          <Pager
            label="Appointment pages"
            page={search.page}
            pageSize={data.pageSize}
            total={data.total}
            totalCapped={data.totalCapped}
            onPageChange={(page) => changeSearch({ page })}
            isLoading={isUpdating}
          />
        )}
      </section>
    </AdminPage>
  );
}

function EmptyState({ onClear }: { onClear: (() => void) | undefined }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <CalendarSearch className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">{M.noAppointments}</p>
      {onClear && (
        <>
          <p className="max-w-sm text-sm text-muted-foreground">
            Try another name or service, or fewer filters.
          </p>
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear search and filters
          </Button>
        </>
      )}
    </div>
  );
}
