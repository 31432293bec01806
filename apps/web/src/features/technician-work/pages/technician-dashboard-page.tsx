// Technician Dashboard (/technician-dashboard and /tech-portal/dashboard), made for a phone first:
// the welcome and Start Duty / End Duty, the stat cards, today's route (the stops in order with
// the drives between them and a maps link), today's own jobs by time (cancelled left out by the
// server), each with its status picker and quick actions, the month of working days, Sign Out.
// It is also the technician's installable app: it registers the service worker and keeps the
// day's answers on the device, and with no signal shows them under a banner that says how old
// they are (docs/decisions/035-technician-app-offline.md).
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, ClipboardList } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { FALLBACK_BUSINESS_NAME, useBusinessProfile } from '../../../lib/business-profile.ts';
import { keepQueries } from '../../../lib/persisted-queries.ts';
import { servicesQueryOptions } from '../../../lib/service-catalog.ts';
import { technicianDayQueryOptions } from '../../../lib/technician-day.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { AddServicesDialog } from '../components/add-services-dialog.tsx';
import { DashboardHeader } from '../components/dashboard-header.tsx';
import { NewVersionBanner, OfflineBanner, useIsOnline } from '../components/device-banners.tsx';
import { DutyCard } from '../components/duty-card.tsx';
import { JobCard } from '../components/job-card.tsx';
import { MyWorkingDays } from '../components/my-working-days.tsx';
import { SyncPanel } from '../components/sync-panel.tsx';
import { TodaysRoute } from '../components/todays-route.tsx';
import { UpcomingJobs } from '../components/upcoming-jobs.tsx';
import { installTechnicianApp } from '../install/service-worker.ts';
import {
  useChangeSync,
  useKeptChanges,
  withWaitingChanges,
} from '../offline/technician-changes.ts';

/**
 * The answers kept on the device for a day with no signal: who is signed in, the technician's
 * day and working days, the business's name and zone, and the catalogue Add Services offers.
 */
const KEPT_QUERY_ROOTS = ['me', 'technician', 'business', 'services'] as const;

/**
 * Installs the app, keeps the technician's answers on this device while the page is open, and
 * sends the changes waiting on it; answers the changes not yet synced.
 */
function useTechnicianDevice() {
  const queryClient = useQueryClient();
  const { viewer } = useViewer();
  const userId = viewer?.userId;
  useEffect(() => installTechnicianApp(), []);
  // Add Services offers the catalogue: read now, so it is on the phone before the signal goes.
  useEffect(() => void queryClient.prefetchQuery(servicesQueryOptions()), [queryClient]);
  useEffect(
    () => (userId ? keepQueries(queryClient, userId, KEPT_QUERY_ROOTS) : undefined),
    [queryClient, userId],
  );
  useChangeSync(userId);
  return useKeptChanges(userId);
}

const TODAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

function todayName(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return TODAY.format(new Date(y, m - 1, d));
}

/** Whether a service of the visit is under way or done: nobody is on the way to it any more. */
function hasBegun(jobs: readonly TechnicianJob[], bookingId: string | null): boolean {
  return (
    bookingId !== null &&
    jobs.some(
      (job) =>
        job.bookingId === bookingId && (job.status === 'in-progress' || job.status === 'completed'),
    )
  );
}

export function TechnicianDashboardPage() {
  const changes = useTechnicianDevice();
  const dashboard = useQuery({
    ...technicianDayQueryOptions(),
    // What the technician did with no signal shows at once, before it has synced.
    select: (day) => withWaitingChanges(day, changes.waiting),
  });
  const { data: business } = useBusinessProfile();
  const businessName = business?.name ?? FALLBACK_BUSINESS_NAME;
  const [addingTo, setAddingTo] = useState<TechnicianJob | null>(null);
  const isOnline = useIsOnline();
  // The jobs on screen are what the device kept: no connection, or the last read failed.
  const isShowingKept = !isOnline || dashboard.isError;

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{`Technician Dashboard · ${businessName}`}</title>
      <DashboardHeader businessName={businessName} waitingCount={changes.waiting.length} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6"
      >
        <NewVersionBanner />
        {dashboard.isPending ? (
          <>
            <h1 className="sr-only">Technician Dashboard</h1>
            <LoadingState label="Loading today's jobs…" className="min-h-64" />
          </>
        ) : !dashboard.data ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight">Technician Dashboard</h1>
            <ErrorState
              title="We couldn't load your dashboard"
              message={errorMessage(dashboard.error, 'Please try again in a moment.')}
              onRetry={() => void dashboard.refetch()}
              isRetrying={dashboard.isFetching}
            />
          </>
        ) : (
          <>
            {isShowingKept && (
              <OfflineBanner
                asOf={dashboard.dataUpdatedAt}
                today={dashboard.data.today}
                timeZone={business?.timeZone}
              />
            )}
            <SyncPanel
              waiting={changes.waiting}
              refused={changes.refused}
              isSignedOut={changes.isSignedOut}
              onDismiss={changes.dismiss}
            />
            <DutyCard dashboard={dashboard.data} />
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
              <div className="flex min-w-0 flex-col gap-6">
                <TodaysRoute route={dashboard.data.route} />
                <section aria-labelledby="jobs-title" className="flex min-w-0 flex-col gap-3">
                  {/* Stacked on a phone: the heading never wraps beside the date. */}
                  <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
                    <h2 id="jobs-title" className="flex items-center gap-2 text-lg font-semibold">
                      <ClipboardList className="size-5 text-primary" aria-hidden="true" />
                      Today&apos;s Appointments
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      {todayName(dashboard.data.today)}
                    </p>
                  </div>
                  {dashboard.data.jobs.length === 0 ? (
                    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border bg-card px-6 py-10 text-center">
                      <CalendarCheck className="size-8 text-muted-foreground" aria-hidden="true" />
                      <p className="font-medium">{TECHNICIAN_MESSAGES.noJobsToday}</p>
                    </div>
                  ) : (
                    <ul className="flex flex-col gap-3">
                      {dashboard.data.jobs.map((job) => (
                        <li key={job.id}>
                          <JobCard
                            job={job}
                            isWaitingToSync={changes.waiting.some((one) => one.jobId === job.id)}
                            isArrivalWaiting={changes.waiting.some(
                              (one) => one.jobId === job.id && one.kind === 'arrival',
                            )}
                            isVisitBegun={hasBegun(dashboard.data.jobs, job.bookingId)}
                            onAddServices={setAddingTo}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                <UpcomingJobs jobs={dashboard.data.upcoming} />
              </div>
              <MyWorkingDays today={dashboard.data.today} />
            </div>
          </>
        )}
      </main>
      <AddServicesDialog job={addingTo} onClose={() => setAddingTo(null)} />
    </div>
  );
}
