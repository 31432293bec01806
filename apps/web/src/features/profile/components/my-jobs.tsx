// My Jobs, a technician's part of /profile in place of a customer's appointments: today's jobs at
// a glance (how many, how many done, the next ones still to do), how many upcoming jobs they have,
// and the way to their job list on the dashboard.
import { formatTime12 } from '@pitstop/shared/business/hours';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { PATHS } from '@pitstop/shared/web-routes';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { technicianDayQueryOptions } from '../../../lib/technician-day.ts';
import { ProfileSection } from './profile-section.tsx';

/** How many of today's jobs still to do are named here; the job list has them all. */
const JOBS_SHOWN = 3;

export function MyJobs({ upcoming }: { upcoming: number }) {
  const day = useQuery(technicianDayQueryOptions());
  return (
    <ProfileSection
      id="my-jobs"
      title="My Jobs"
      description="Today's work, and how much is coming up."
      icon={<ClipboardList />}
      actions={
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={PATHS.technicianDashboard}>
            Open My Job List
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      }
    >
      {day.isPending ? (
        <LoadingState label="Loading today's jobs…" />
      ) : day.isError ? (
        <ErrorState
          title="We couldn't load today's jobs"
          message={errorMessage(day.error, 'Please try again in a moment.')}
          onRetry={() => void day.refetch()}
          isRetrying={day.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-3 gap-3">
            <Count label="Today's Jobs" value={day.data.stats.todaysJobs} />
            <Count label="Completed Today" value={day.data.stats.completedToday} />
            <Count label="Upcoming Jobs" value={upcoming} />
          </dl>
          <StillToDo jobs={day.data.jobs} />
        </div>
      )}
    </ProfileSection>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse rounded-lg bg-muted px-3 py-2.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function StillToDo({ jobs }: { jobs: TechnicianJob[] }) {
  const left = jobs.filter((job) => job.status !== 'completed');
  if (jobs.length === 0) {
    return <p className="text-sm text-muted-foreground">{TECHNICIAN_MESSAGES.noJobsToday}.</p>;
  }
  if (left.length === 0) {
    return <p className="text-sm text-muted-foreground">Every job today is done.</p>;
  }
  const more = left.length - JOBS_SHOWN;
  return (
    <section aria-labelledby="jobs-left-title">
      <h3 id="jobs-left-title" className="text-sm font-semibold">
        Still to do today
      </h3>
      <ul className="mt-2 flex flex-col divide-y divide-border rounded-lg border border-border">
        {left.slice(0, JOBS_SHOWN).map((job) => (
          <li key={job.id} className="flex flex-col gap-0.5 px-3 py-2.5 text-sm">
            <span className="font-semibold text-primary tabular-nums">
              {formatTime12(job.time)}
            </span>
            <span className="break-words">
              {job.serviceName}
              <span className="text-muted-foreground"> for {job.customerName}</span>
            </span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="mt-2 text-sm text-muted-foreground">And {more} more on your job list.</p>
      )}
    </section>
  );
}
