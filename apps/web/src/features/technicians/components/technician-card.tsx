// One technician on /admin/technicians: photo or initials, name, status, rating, completed jobs,
// service area, next appointment, phone, e-mail, a month of working days with its own previous/next
// month, and Edit, Delete and Resend invitation.
import { formatTime12 } from '@pitstop/shared/business/hours';
import type { TechnicianCard as Technician } from '@pitstop/shared/technicians/responses';
import { canResendInvitation, needsInvitation } from '@pitstop/shared/technicians/rules';
import { useQuery } from '@tanstack/react-query';
import {
  CalendarClock,
  House,
  Mail,
  MailPlus,
  MapPin,
  Pencil,
  Phone,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { TechnicianStatusBadge } from '../../../components/technician-status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { WorkingDaysCalendar } from '../../../components/working-days-calendar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatVisitDate } from '../../../lib/visit-words.ts';
import { workingDaysQueryOptions } from '../api.ts';
import { TechnicianRatings } from './technician-ratings.tsx';
import {
  initialsOf,
  monthOf,
  ratingText,
  technicianLabel,
  TECHNICIAN_PAGE_MESSAGES,
} from '../technician-words.ts';

/** The card's element id, which arriving with a technician id in navigation state scrolls to. */
export function technicianCardDomId(technicianId: string): string {
  return `technician-${technicianId}`;
}

export interface TechnicianCardProps {
  technician: Technician;
  /** The business-local date (`YYYY-MM-DD`): the calendar opens on its month and marks it. */
  today: string;
  /** Whether the viewer may edit, delete and resend (admins); managers see them disabled. */
  canManage: boolean;
  /** The element saying why the buttons are disabled, for `aria-describedby`. */
  adminsOnlyNoteId: string;
  isHighlighted: boolean;
  onEdit: (technician: Technician) => void;
  onDelete: (technician: Technician) => void;
  onResend: (technician: Technician) => void;
}

export function TechnicianCard({
  technician,
  today,
  canManage,
  adminsOnlyNoteId,
  isHighlighted,
  onEdit,
  onDelete,
  onResend,
}: TechnicianCardProps) {
  const nameId = useId();
  const label = technicianLabel(technician);
  const disabledProps = canManage
    ? {}
    : {
        disabled: true,
        title: TECHNICIAN_PAGE_MESSAGES.adminsOnly,
        'aria-describedby': adminsOnlyNoteId,
      };

  return (
    <article
      id={technicianCardDomId(technician.id)}
      aria-labelledby={nameId}
      // Focused (not tabbable) when the page arrives at it, so keyboard users start there.
      tabIndex={-1}
      data-highlighted={isHighlighted || undefined}
      className={cn(
        // Scrolled to, it stops below the sticky top bar (h-16 and its 1px border), its ring clear.
        'flex h-full scroll-mt-[calc(4rem+1px+0.5rem)] flex-col rounded-card border border-border bg-card shadow-sm transition-shadow duration-300 outline-none',
        isHighlighted && 'ring-4 ring-accent-400 ring-offset-2 ring-offset-slate-50',
      )}
    >
      <header className="flex items-start gap-4 p-5">
        <Avatar technician={technician} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={nameId} className="text-lg leading-tight font-semibold break-words">
              {technician.name.trim() || technician.email}
            </h2>
            <TechnicianStatusBadge status={technician.status} />
          </div>
          <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>
              <span className="sr-only">Rating: </span>
              {ratingText(technician)}
            </span>
            <span>
              {technician.completedJobs} completed {technician.completedJobs === 1 ? 'job' : 'jobs'}
            </span>
          </p>
        </div>
      </header>

      <dl className="grid gap-3 px-5 text-sm">
        <Detail icon={MapPin} term="Service areas">
          {technician.serviceAreas.length > 0 ? technician.serviceAreas.join(', ') : <NotSet />}
        </Detail>
        <Detail icon={House} term="Home ZIP">
          {technician.homeZip ?? <NotSet />}
        </Detail>
        <Detail icon={CalendarClock} term="Next appointment">
          <NextAppointment technician={technician} />
        </Detail>
        <Detail icon={Phone} term="Phone">
          {technician.phone ? (
            <a
              href={`tel:${technician.phone.replace(/\D/g, '')}`}
              className="font-medium text-primary hover:underline"
            >
              {technician.phone}
            </a>
          ) : (
            <NotSet />
          )}
        </Detail>
        <Detail icon={Mail} term="Email">
          {technician.email === 'N/A' ? (
            'N/A'
          ) : (
            <a
              href={`mailto:${technician.email}`}
              className="font-medium break-all text-primary hover:underline"
            >
              {technician.email}
            </a>
          )}
        </Detail>
      </dl>

      {technician.ratingCount > 0 && <TechnicianRatings technician={technician} label={label} />}

      <WorkingDays technician={technician} today={today} label={label} />

      {needsInvitation(technician) && (
        <p className="mx-5 mb-4 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
          Hasn't finished signing up: phone or address missing.
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2 border-t border-border p-4">
        <Button
          variant="outline"
          className="flex-1"
          aria-label={`Edit ${label}`}
          onClick={() => onEdit(technician)}
          {...disabledProps}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="outline"
          className="flex-1 text-destructive hover:bg-red-50 hover:text-destructive"
          aria-label={`Delete ${label}`}
          onClick={() => onDelete(technician)}
          {...disabledProps}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
        {/* The server refuses a resend once onboarding is complete: the link would reset the password. */}
        {needsInvitation(technician) && canResendInvitation(technician) && (
          <Button
            variant="secondary"
            className="w-full"
            aria-label={`Resend invitation to ${label}`}
            onClick={() => onResend(technician)}
            {...disabledProps}
          >
            <MailPlus aria-hidden="true" />
            Resend invitation
          </Button>
        )}
      </div>
    </article>
  );
}

function Avatar({ technician }: { technician: Technician }) {
  if (technician.photoUrl) {
    return (
      <img
        src={technician.photoUrl}
        alt=""
        width={56}
        height={56}
        decoding="async"
        loading="lazy"
        className="size-14 shrink-0 rounded-full bg-muted object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-950 text-lg font-bold text-accent-400"
    >
      {initialsOf(technician.name || technician.email)}
    </span>
  );
}

function Detail({
  icon: Icon,
  term,
  children,
}: {
  icon: LucideIcon;
  term: string;
  children: ReactNode;
}) {
  // dt and dd are the div's own children, as a description list wants them.
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {term}
      </dt>
      <dd className="mt-0.5 pl-6 break-words text-foreground">{children}</dd>
    </div>
  );
}

function NextAppointment({ technician }: { technician: Technician }) {
  const next = technician.nextAppointment;
  if (!next) return <>{TECHNICIAN_PAGE_MESSAGES.noAppointments}</>;
  return (
    <>
      <span className="block font-medium">
        {formatVisitDate(next.date)} at {formatTime12(next.time)}
      </span>
      <span className="block text-muted-foreground">
        {next.serviceName} · {next.customerName}
      </span>
    </>
  );
}

function NotSet() {
  return <span className="text-muted-foreground">{TECHNICIAN_PAGE_MESSAGES.notSet}</span>;
}

/** The card's own month; every card showing a month reads it from one shared query. */
function WorkingDays({
  technician,
  today,
  label,
}: {
  technician: Technician;
  today: string;
  label: string;
}) {
  const [month, setMonth] = useState(() => monthOf(today));
  const days = useQuery(workingDaysQueryOptions(month));
  return (
    <div className="px-5 pt-4 pb-4">
      <WorkingDaysCalendar
        month={month}
        onMonthChange={setMonth}
        workingDays={days.data?.[technician.id] ?? []}
        today={today}
        label={`Working days of ${label}`}
      />
      {days.isError && (
        <p className="mt-2 text-xs text-destructive">
          {TECHNICIAN_PAGE_MESSAGES.workingDaysFailed}
        </p>
      )}
    </div>
  );
}
