// Technician Dashboard (/technician-dashboard and /tech-portal/dashboard), made for a phone first:
// the welcome and Start Duty / End Duty, the stat cards, today's own jobs by time (cancelled left
// out by the server), each with its status picker and quick actions, the month of working days,
// Sign Out.
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { FALLBACK_BUSINESS_NAME, useBusinessProfile } from '../../../lib/business-profile.ts';
import { technicianDayQueryOptions } from '../../../lib/technician-day.ts';
import { AddServicesDialog } from '../components/add-services-dialog.tsx';
import { DashboardHeader } from '../components/dashboard-header.tsx';
import { DutyCard } from '../components/duty-card.tsx';
import { JobCard } from '../components/job-card.tsx';
import { MyWorkingDays } from '../components/my-working-days.tsx';

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
  const dashboard = useQuery(technicianDayQueryOptions());
  const { data: business } = useBusinessProfile();
  const businessName = business?.name ?? FALLBACK_BUSINESS_NAME;
  const [addingTo, setAddingTo] = useState<TechnicianJob | null>(null);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{`Technician Dashboard · ${businessName}`}</title>
      <DashboardHeader businessName={businessName} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6"
      >
        {dashboard.isPending ? (
          <>
            <h1 className="sr-only">Technician Dashboard</h1>
            <LoadingState label="Loading today's jobs…" className="min-h-64" />
          </>
        ) : dashboard.isError ? (
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
            <DutyCard dashboard={dashboard.data} />
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
              <section aria-labelledby="jobs-title" className="flex min-w-0 flex-col gap-3">
                {/* Stacked on a phone: the heading never wraps beside the date. */}
                <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
                  <h2 id="jobs-title" className="flex items-center gap-2 text-lg font-semibold">
                    <ClipboardList className="size-5 text-primary" aria-hidden="true" />
                    Today&apos;s Appointments
                  </h2>
                  <p className="text-sm text-muted-foreground">{todayName(dashboard.data.today)}</p>
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
                          isVisitBegun={hasBegun(dashboard.data.jobs, job.bookingId)}
                          onAddServices={setAddingTo}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <MyWorkingDays today={dashboard.data.today} />
            </div>
          </>
        )}
      </main>
      <AddServicesDialog job={addingTo} onClose={() => setAddingTo(null)} />
    </div>
  );
}
