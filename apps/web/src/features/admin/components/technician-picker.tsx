// A row's technician picker: Unassigned, or a technician who is not off duty, as the server lists
// them; one not scheduled to work on the appointment's day is marked. A technician assigned earlier
// who is off duty now stays shown as chosen, marked, so the picker tells the truth.
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import type { AssignableTechnician } from '@pitstop/shared/technicians/responses';
import { APPOINTMENT_SEARCH_MESSAGES } from '@pitstop/shared/appointments/forms';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useAssignTechnician } from '../api.ts';
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

export function TechnicianPicker({ appointment, technicians, className }: TechnicianPickerProps) {
  const assign = useAssignTechnician();
  const options = technicianOptions(appointment, technicians);
  const value = assign.isPending
    ? (assign.variables.technicianId ?? '')
    : (appointment.technicianId ?? '');

  function choose(technicianId: string | null) {
    const name = technicians?.find((technician) => technician.id === technicianId)?.name;
    assign.mutate(
      { id: appointment.id, technicianId },
      {
        onSuccess: () =>
          toast.success(
            technicianId
              ? `${name ?? 'Technician'} assigned to ${appointment.customerName}`
              : `Technician unassigned from ${appointment.customerName}`,
          ),
        onError: (error) =>
          toast.error(errorMessage(error, APPOINTMENT_SEARCH_MESSAGES.assignFailed)),
      },
    );
  }

  return (
    <NativeSelect
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
  );
}
