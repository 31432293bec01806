// Today's Appointments (/admin/metrics/today-appointments): today's date and the count, then the
// day's appointments by time, cancelled left out, with who does each one and where. The server
// decides what "today" is, in the business's time zone.
import type { Appointment } from '@pitstop/shared/appointments/responses';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { METRIC_MESSAGES } from '@pitstop/shared/metrics/rules';
import { CalendarX2, Clock, MapPin, UserRound, Wrench } from 'lucide-react';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge.tsx';
import { formatVisitDate } from '../../../lib/visit-words.ts';
import { useTodayAppointments } from '../api.ts';
import {
  EmptyState,
  Figure,
  MetricPage,
  MetricSection,
  QueryState,
} from '../components/metric-parts.tsx';
import { METRIC_PAGE_MESSAGES } from '../metric-words.ts';

export function TodayAppointmentsPage() {
  const today = useTodayAppointments();
  return (
    <MetricPage
      title="Today's Appointments"
      description={
        today.data ? formatVisitDate(today.data.date) : 'Every appointment booked for today.'
      }
    >
      <QueryState
        query={today}
        loadingLabel="Loading today's appointments…"
        failedTitle="Failed to load today's appointments"
      >
        {({ count, appointments }) => (
          <div className="flex flex-col gap-8">
            <dl className="grid gap-4 sm:max-w-xs">
              <Figure label="Appointments today" value={count.toLocaleString('en-US')} />
            </dl>
            <MetricSection title="Schedule" description="By time, cancelled ones left out.">
              {appointments.length === 0 ? (
                <EmptyState icon={CalendarX2} message={METRIC_MESSAGES.noAppointmentsToday} />
              ) : (
                <ol
                  aria-label="Today's appointments"
                  className="divide-y divide-border rounded-card border border-border bg-card shadow-sm"
                >
                  {appointments.map((appointment) => (
                    <AppointmentRow key={appointment.id} appointment={appointment} />
                  ))}
                </ol>
              )}
            </MetricSection>
          </div>
        )}
      </QueryState>
    </MetricPage>
  );
}

function AppointmentRow({ appointment }: { appointment: Appointment }) {
  const technician =
    appointment.technicianId === null ? METRIC_PAGE_MESSAGES.unassigned : appointment.technician;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:gap-6">
      <p className="flex shrink-0 items-center gap-2 font-semibold tabular-nums sm:w-28">
        <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
        <time dateTime={`${appointment.date}T${appointment.time}`}>
          {formatTime12(appointment.time)}
        </time>
      </p>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="font-semibold break-words">{appointment.customerName}</p>
          <AppointmentStatusBadge status={appointment.status} />
        </div>
        <p className="flex items-start gap-2 text-sm break-words">
          <Wrench className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            <span className="sr-only">Service: </span>
            {appointment.serviceName}
          </span>
        </p>
        <p className="flex items-start gap-2 text-sm">
          <UserRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            <span className="sr-only">Technician: </span>
            {technician}
          </span>
        </p>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">
            <span className="sr-only">Location: </span>
            {appointment.location}
          </span>
        </p>
      </div>
    </li>
  );
}
