// A row's technician picker: Unassigned, or a technician who is not off duty, as the server lists
// them; one not scheduled to work on the appointment's day is marked. A technician assigned earlier
// who is off duty now stays shown as chosen, marked, so the picker tells the truth. By technicians'
// schedules, one who cannot do the visit as planned is refused with the reason, shown under the
// picker with "Assign Anyway" (sent again as an override) and "Choose Another" (nothing changed).
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import type { AssignableTechnician } from '@pitstop/shared/technicians/responses';
import { APPOINTMENT_SEARCH_MESSAGES } from '@pitstop/shared/appointments/forms';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { isScheduleConflict, useAssignTechnician } from '../api.ts';
import {
  NOT_WORKING_THIS_DAY,
  OFF_DUTY,
  rowName,
  TECHNICIAN_UNASSIGNED,
} from '../appointment-words.ts';

interface TechnicianOption {
  id: string;
  label: string;
  /** The off-duty technician still assigned: shown, not offered again. */
  isStale?: boolean;
}

/** The choices for one appointment; `technicians` undefined while they load. */
function technicianOptions(
  appointment: StaffAppointment,
  technicians: readonly AssignableTechnician[] | undefined,
): TechnicianOption[] {
  const current = appointment.technicianId;
  if (!technicians) return current ? [{ id: current, label: appointment.technician }] : [];
  const options: TechnicianOption[] = technicians.map((technician) => ({
    id: technician.id,
    label: technician.workingDates.includes(appointment.date)
      ? technician.name
      : `${technician.name} ${NOT_WORKING_THIS_DAY}`,
  }));
  if (current && !technicians.some((technician) => technician.id === current)) {
    options.unshift({ id: current, label: `${appointment.technician} ${OFF_DUTY}`, isStale: true });
  }
  return options;
}

export interface TechnicianPickerProps {
  appointment: StaffAppointment;
  technicians: readonly AssignableTechnician[] | undefined;
  className?: string;
}

/** A refused choice: who was chosen, and the server's words for why they cannot do it. */
interface Conflict {
  technicianId: string;
  message: string;
}

export function TechnicianPicker({ appointment, technicians, className }: TechnicianPickerProps) {
  const assign = useAssignTechnician();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const options = technicianOptions(appointment, technicians);
  const value = assign.isPending
    ? (assign.variables.technicianId ?? '')
    : (appointment.technicianId ?? '');

  function choose(technicianId: string | null, override = false) {
    const name = technicians?.find((technician) => technician.id === technicianId)?.name;
    setConflict(null);
    assign.mutate(
      { id: appointment.id, technicianId, ...(override && { override }) },
      {
        onSuccess: () =>
          toast.success(
            technicianId
              ? `${name ?? 'Technician'} assigned to ${appointment.customerName}`
              : `Technician unassigned from ${appointment.customerName}`,
          ),
        onError: (error) => {
          if (technicianId && !override && isScheduleConflict(error)) {
            setConflict({ technicianId, message: error.message });
          } else {
            toast.error(errorMessage(error, APPOINTMENT_SEARCH_MESSAGES.assignFailed));
          }
        },
      },
    );
  }

  function dismiss() {
    setConflict(null);
    selectRef.current?.focus();
  }

  return (
    <div className="grid gap-2">
      <NativeSelect
        ref={selectRef}
        className={className}
        aria-label={`Technician for ${rowName(appointment)}`}
        value={value}
        disabled={!technicians || assign.isPending}
        aria-busy={assign.isPending || undefined}
        onChange={(event) => choose(event.target.value || null)}
      >
        <option value="">{TECHNICIAN_UNASSIGNED}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id} disabled={option.isStale}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {conflict && (
        <ScheduleConflict
          message={conflict.message}
          className={className}
          onAssignAnyway={() => choose(conflict.technicianId, true)}
          onChooseAnother={dismiss}
        />
      )}
    </div>
  );
}

interface ScheduleConflictProps {
  message: string;
  className: string | undefined;
  onAssignAnyway: () => void;
  onChooseAnother: () => void;
}

/** The refusal's reason, focused when it appears, and the two ways on. */
function ScheduleConflict({
  message,
  className,
  onAssignAnyway,
  onChooseAnother,
}: ScheduleConflictProps) {
  const messageId = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => messageRef.current?.focus(), [message]);
  return (
    <div
      role="alert"
      aria-labelledby={messageId}
      className={cn(
        'grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900',
        className,
      )}
    >
      <p
        id={messageId}
        ref={messageRef}
        tabIndex={-1}
        className="flex gap-2 break-words whitespace-normal outline-none"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{message}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onAssignAnyway}>
          Assign Anyway
        </Button>
        <Button size="sm" variant="outline" onClick={onChooseAnother}>
          Choose Another
        </Button>
      </div>
    </div>
  );
}
