// An appointment's status (SPEC section 4) as a coloured pill, worded for people.
import type { Appointment } from '@pitstop/shared/appointments/responses';
import { Badge, type BadgeProps } from '../../../components/ui/badge.tsx';

type Status = Appointment['status'];

const STATUS_LOOK: Record<Status, { label: string; variant: NonNullable<BadgeProps['variant']> }> =
  {
    scheduled: { label: 'Scheduled', variant: 'info' },
    'in-progress': { label: 'In Progress', variant: 'warning' },
    completed: { label: 'Completed', variant: 'success' },
    cancelled: { label: 'Cancelled', variant: 'destructive' },
  };

export function AppointmentStatusBadge({ status }: { status: Status }) {
  const { label, variant } = STATUS_LOOK[status];
  return (
    <Badge variant={variant}>
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}
