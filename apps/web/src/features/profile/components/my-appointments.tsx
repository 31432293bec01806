// My Appointments: the customer's own visits, upcoming (each with its calendar file, texts about
// it on or off, to reschedule or cancel) and past, with every service's status and technician and
// any balance to pay, and the Pay Now orders that are paid and wait for the team to schedule them.
// Times are 12-hour. A technician sees it only for bookings of their own.
import type {
  MyAppointmentsResponse,
  MyUnscheduledOrder,
  MyVisit,
} from '@pitstop/shared/appointments/responses';
import { formatPrice } from '@pitstop/shared/money';
import { PATHS } from '@pitstop/shared/web-routes';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus, MapPin, UserRound } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatMoment } from '../../../lib/business-time.ts';
import { PAY_NOW_MESSAGE, visitMoment } from '../../../lib/visit-words.ts';
import { calendarFilePath, myAppointmentsQueryOptions } from '../api.ts';
import { ProfileSection } from './profile-section.tsx';
import { ManageVisitDialogs, VisitActions, type ManagedVisit } from './visit-actions.tsx';
import { VisitBalance } from './visit-balance.tsx';
import { VisitTexts } from './visit-texts.tsx';

const TECHNICIAN_NOT_ASSIGNED = 'Technician not yet assigned';

export interface MyAppointmentsProps {
  timeZone: string | undefined;
  /** Nothing at all (no empty state, no loading) until there is a visit to show. */
  isHiddenWhenEmpty?: boolean;
}

export function MyAppointments({ timeZone, isHiddenWhenEmpty = false }: MyAppointmentsProps) {
  const appointments = useQuery(myAppointmentsQueryOptions());
  const data = appointments.data;
  const isEmpty = data && data.upcoming.length + data.past.length + data.unscheduled.length === 0;
  if (isHiddenWhenEmpty && (!data || isEmpty)) return null;

  return (
    <ProfileSection
      id="my-appointments"
      title="My Appointments"
      description="Your visits, what is booked for each, and who is coming."
      icon={<CalendarDays />}
      actions={
        data && !isEmpty ? (
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <Link to={PATHS.booking}>Book a Service</Link>
          </Button>
        ) : undefined
      }
    >
      {appointments.isPending ? (
        <LoadingState label="Loading your appointments…" />
      ) : appointments.isError ? (
        <ErrorState
          title="We couldn't load your appointments"
          message={errorMessage(appointments.error, 'Please try again in a moment.')}
          onRetry={() => void appointments.refetch()}
          isRetrying={appointments.isFetching}
        />
      ) : isEmpty ? (
        <NoAppointments />
      ) : (
        <AppointmentLists appointments={appointments.data} timeZone={timeZone} />
      )}
    </ProfileSection>
  );
}

function NoAppointments() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input px-6 py-10 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <CalendarDays className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">No appointments yet</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Book a service and a licensed technician comes to you. Your visits will be listed here.
      </p>
      <Button asChild>
        <Link to={PATHS.booking}>Book a Service</Link>
      </Button>
    </div>
  );
}

interface AppointmentListsProps {
  appointments: MyAppointmentsResponse;
  timeZone: string | undefined;
}

function AppointmentLists({ appointments, timeZone }: AppointmentListsProps) {
  const { upcoming, past, unscheduled } = appointments;
  const [managed, setManaged] = useState<ManagedVisit | null>(null);
  return (
    <div className="flex flex-col gap-8">
      <VisitGroup id="upcoming-visits" title="Upcoming">
        {upcoming.length === 0 ? (
          <p className="text-sm text-muted-foreground">No upcoming visits.</p>
        ) : (
          <VisitList visits={upcoming} onManage={setManaged} />
        )}
      </VisitGroup>
      {unscheduled.length > 0 && (
        <VisitGroup
          id="unscheduled-orders"
          title="Paid, not yet scheduled"
          description={PAY_NOW_MESSAGE}
        >
          <ul className="flex flex-col gap-3">
            {unscheduled.map((order) => (
              <UnscheduledOrderItem key={order.bookingId} order={order} timeZone={timeZone} />
            ))}
          </ul>
        </VisitGroup>
      )}
      {past.length > 0 && (
        <VisitGroup id="past-visits" title="Past">
          <VisitList visits={past} />
        </VisitGroup>
      )}
      <ManageVisitDialogs
        managed={managed}
        onClose={() => setManaged(null)}
        fallbackFocusId="upcoming-visits"
      />
    </div>
  );
}

interface VisitGroupProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}

function VisitGroup({ id, title, description, children }: VisitGroupProps) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} tabIndex={-1} className="text-base font-semibold">
        {title}
      </h3>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

interface VisitListProps {
  visits: MyVisit[];
  /** Upcoming visits only: reschedule or cancel one. */
  onManage?: (managed: ManagedVisit) => void;
}

function VisitList({ visits, onManage }: VisitListProps) {
  return (
    <ul className="flex flex-col gap-3">
      {visits.map((visit) => (
        <VisitItem key={visit.calendarId} visit={visit} onManage={onManage} />
      ))}
    </ul>
  );
}

function VisitItem({ visit, onManage }: { visit: MyVisit; onManage?: VisitListProps['onManage'] }) {
  const headingId = useId();
  const isUpcoming = onManage !== undefined;
  const moment = visitMoment(visit);
  const serviceNames = visit.services.map((service) => service.serviceName).join(', ');
  const { bookingId } = visit;
  return (
    <li>
      {/* Its id is where a "Manage this visit" link (/profile?visit=<bookingId>) brings focus. */}
      <article
        aria-labelledby={headingId}
        className="rounded-xl border border-border p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        {...(bookingId ? { id: `visit-${bookingId}`, tabIndex: -1 } : {})}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h4 id={headingId} className="font-semibold">
              {moment}
            </h4>
            {visit.orderNumber && (
              <p className="text-sm text-muted-foreground">Order {visit.orderNumber}</p>
            )}
            <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="break-words">
                <span className="sr-only">Address: </span>
                {visit.location}
              </span>
            </p>
            <VisitBalance visit={visit} />
            {visit.refundedCents > 0 && (
              <p className="mt-2 text-sm text-muted-foreground">
                Refunded {formatPrice(visit.refundedCents)} to your card
              </p>
            )}
          </div>
          {isUpcoming && (
            <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
              <a href={calendarFilePath(visit.calendarId)} download>
                <CalendarPlus aria-hidden="true" />
                Add to calendar
                <span className="sr-only">
                  : {serviceNames} on {moment}
                </span>
              </a>
            </Button>
          )}
        </div>
        <ul
          className="mt-3 flex flex-col divide-y divide-border border-t border-border"
          aria-label="Services"
        >
          {visit.services.map((service) => (
            <li
              key={service.appointmentId}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3 last:pb-0"
            >
              <div className="min-w-0">
                <p className="font-medium">{service.serviceName}</p>
                <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <UserRound className="size-4 shrink-0" aria-hidden="true" />
                  {service.technician
                    ? `Technician: ${service.technician}`
                    : TECHNICIAN_NOT_ASSIGNED}
                </p>
              </div>
              <AppointmentStatusBadge status={service.status} />
            </li>
          ))}
        </ul>
        {isUpcoming && bookingId && (
          <VisitTexts
            bookingId={bookingId}
            textUpdates={visit.textUpdates}
            which={`${serviceNames} on ${moment}`}
          />
        )}
        {onManage && bookingId && (
          <VisitActions
            visit={{ bookingId, date: visit.date, time: visit.time, services: serviceNames }}
            onManage={onManage}
          />
        )}
      </article>
    </li>
  );
}

function UnscheduledOrderItem({
  order,
  timeZone,
}: {
  order: MyUnscheduledOrder;
  timeZone: string | undefined;
}) {
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-border p-4">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold">{order.services.join(', ')}</p>
        <p className="shrink-0 font-semibold tabular-nums">
          <span className="sr-only">Amount paid: </span>
          {formatPrice(order.amountCents)}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">Order {order.orderNumber}</p>
      <p className="text-sm text-muted-foreground">
        Paid {formatMoment(order.paidAt, 'long', timeZone)}
      </p>
    </li>
  );
}
