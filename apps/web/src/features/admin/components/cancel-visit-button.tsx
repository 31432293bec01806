// A row's way into the Cancel visit dialog: Cancel visit on a paid visit not yet begun, Payment
// (its order and refunds, read only) on a paid one cancelled. A row under way or done, unpaid
// (a service added on site) or without a booking has neither.
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import { CircleX, Receipt } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { rowName } from '../appointment-words.ts';
import type { VisitToCancel } from './cancel-visit-dialog.tsx';

/** Opens the Cancel visit dialog; undefined for staff who may not cancel visits. */
export type OnCancelVisit = ((visit: VisitToCancel) => void) | undefined;

export function CancelVisitButton({
  appointment,
  onCancel,
  className,
}: {
  appointment: StaffAppointment;
  onCancel: OnCancelVisit;
  className?: string;
}) {
  const { bookingId, status } = appointment;
  if (!onCancel || !bookingId || !appointment.paid) return null;
  if (status !== 'scheduled' && status !== 'cancelled') return null;
  const name = rowName(appointment);
  const isReadOnly = status === 'cancelled';
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-label={isReadOnly ? `Payment for ${name}` : `Cancel visit for ${name}`}
      onClick={() => onCancel({ bookingId, name, isReadOnly })}
    >
      {isReadOnly ? <Receipt aria-hidden="true" /> : <CircleX aria-hidden="true" />}
      {isReadOnly ? 'Payment' : 'Cancel visit'}
    </Button>
  );
}
