// An appointment's status as a coloured pill, worded for people: the customer's own appointments on
// /profile and the staff's appointment tables show it.
import type { Appointment } from '@pitstop/shared/appointments/responses';
import { Badge, type BadgeProps } from './ui/badge.tsx';

type Status = Appointment['status'];

const STATUS_LOOK: Record<Status, { label: string; variant: NonNullable<BadgeProps['variant']> }> =
  {
    scheduled: { label: 'Scheduled', variant: 'info' },
    'in-progress': { label: 'In Progress', variant: 'warning' },
    completed: { label: 'Completed', variant: 'success' },
    cancelled: { label: 'Cancelled', variant: 'destructive' },
  };

/** 'In Progress' for 'in-progress': the words the badge and the status pickers use. */
export function appointmentStatusLabel(status: Status): string {
  return STATUS_LOOK[status].label;
}

export function AppointmentStatusBadge({ status }: { status: Status }) {
  const { label, variant } = STATUS_LOOK[status];
  return (
    <Badge variant={variant}>
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}
