// Active Technicians (/admin/metrics/active-technicians): every technician not off duty, with their
// status, areas, phone, today's jobs and the job in progress now.
import type { ActiveTechnician } from '@pitstop/shared/metrics/responses';
import { METRIC_MESSAGES } from '@pitstop/shared/metrics/rules';
import { MapPin, Phone, UsersRound, Wrench } from 'lucide-react';
import { TechnicianStatusBadge } from '../../../components/technician-status-badge.tsx';
import { useActiveTechnicians } from '../api.ts';
import { EmptyState, MetricPage, QueryState } from '../components/metric-parts.tsx';
import { countOf } from '../metric-words.ts';

export function ActiveTechniciansPage() {
  const technicians = useActiveTechnicians();
  return (
    <MetricPage
      title="Active Technicians"
      description="Technicians on duty now: available or on a job."
    >
      <QueryState
        query={technicians}
        loadingLabel="Loading technicians…"
        failedTitle="Failed to load active technicians"
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={UsersRound} message={METRIC_MESSAGES.noActiveTechnicians} />
          ) : (
            <div className="flex flex-col gap-4">
              <p className="font-medium">{countOf(list.length, 'technician')} on duty</p>
              <ul
                aria-label="Active technicians"
                className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
              >
                {list.map((technician) => (
                  <li key={technician.id}>
                    <TechnicianCard technician={technician} />
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      </QueryState>
    </MetricPage>
  );
}

function TechnicianCard({ technician }: { technician: ActiveTechnician }) {
  const { currentJob } = technician;
  return (
    <article className="flex h-full flex-col gap-4 rounded-card border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold break-words">{technician.name}</h2>
        <TechnicianStatusBadge status={technician.status} />
      </div>
      <div className="flex flex-col gap-2 text-sm">
        {/* Several areas may wrap: the pin stays by the first line. */}
        <p className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="sr-only">Service areas: </span>
            {technician.serviceAreas.length > 0
              ? technician.serviceAreas.join(', ')
              : 'No service area set'}
          </span>
        </p>
        <p className="flex items-center gap-2">
          <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">Phone: </span>
          {technician.phone ? (
            <a
              href={`tel:${technician.phone.replace(/\D/g, '')}`}
              className="rounded font-medium text-primary underline-offset-4 hover:underline"
            >
              {technician.phone}
            </a>
          ) : (
            'No phone yet'
          )}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-muted px-3 py-2">
          <dt className="text-xs font-medium text-muted-foreground">Jobs today</dt>
          <dd className="text-xl font-bold tabular-nums">{technician.jobsToday}</dd>
        </div>
        <div className="rounded-lg bg-muted px-3 py-2">
          <dt className="text-xs font-medium text-muted-foreground">Completed today</dt>
          <dd className="text-xl font-bold tabular-nums">{technician.completedToday}</dd>
        </div>
      </dl>
      <div className="mt-auto flex items-start gap-2 border-t border-border pt-3 text-sm">
        <Wrench className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {currentJob ? (
          <p className="break-words">
            <span className="font-medium">Current job:</span> {currentJob.serviceName} for{' '}
            {currentJob.customerName}
          </p>
        ) : (
          <p className="text-muted-foreground">No job in progress</p>
        )}
      </div>
    </article>
  );
}
