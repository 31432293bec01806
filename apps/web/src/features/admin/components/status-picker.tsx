// A row's status picker: staff may set any of the four statuses in any order; cancelled asks first,
// since the customer is told by e-mail. Each change says which status the row showed: if a
// colleague changed it meanwhile, the change is refused, the row shows theirs and the picker says
// so.
import { APPOINTMENT_SEARCH_MESSAGES as M } from '@pitstop/shared/appointments/forms';
import {
  APPOINTMENT_STATUSES,
  type StaffAppointment,
} from '@pitstop/shared/appointments/responses';
import { useState } from 'react';
import { appointmentStatusLabel } from '../../../components/appointment-status-badge.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { isChangedMeanwhile, useSetAppointmentStatus } from '../api.ts';
import { appointmentMoment, rowName } from '../appointment-words.ts';

type Status = StaffAppointment['status'];

export interface StatusPickerProps {
  appointment: StaffAppointment;
  className?: string;
}

export function StatusPicker({ appointment, className }: StatusPickerProps) {
  const setStatus = useSetAppointmentStatus();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const value = setStatus.isPending ? setStatus.variables.status : appointment.status;

  function apply(status: Status) {
    setStatus.mutate(
      { id: appointment.id, status, from: appointment.status },
      {
        onSuccess: () => toast.success(M.statusUpdated),
        onError: (error) =>
          toast.error(
            isChangedMeanwhile(error) ? M.changedMeanwhile : errorMessage(error, M.statusFailed),
          ),
      },
    );
  }

  function choose(status: Status) {
    if (status === appointment.status) return;
    if (status === 'cancelled') setIsConfirmingCancel(true);
    else apply(status);
  }

  return (
    <>
      <NativeSelect
        className={className}
        aria-label={`Status of ${rowName(appointment)}`}
        value={value}
        disabled={setStatus.isPending}
        aria-busy={setStatus.isPending || undefined}
        onChange={(event) => choose(event.target.value as Status)}
      >
        {APPOINTMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {appointmentStatusLabel(status)}
          </option>
        ))}
      </NativeSelect>
      <ConfirmDialog
        open={isConfirmingCancel}
        onOpenChange={setIsConfirmingCancel}
        title="Cancel appointment?"
        description={
          <>
            <span className="block">{M.cancelConfirm}</span>
            <span className="mt-2 block font-medium text-foreground">
              {rowName(appointment)} · {appointmentMoment(appointment)}
            </span>
          </>
        }
        cancelLabel="Keep appointment"
        confirmLabel="Cancel appointment"
        destructive
        onConfirm={() => apply('cancelled')}
      />
    </>
  );
}
