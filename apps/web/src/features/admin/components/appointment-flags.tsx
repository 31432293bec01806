// What a row's visit needs, as badges: reschedule it (paid into a slot that had filled), or
// collect what the customer owes for services added on site.
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import { AlertTriangle, CircleDollarSign } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { appointmentFlags } from '../appointment-words.ts';

export function AppointmentFlags({ appointment }: { appointment: StaffAppointment }) {
  const flags = appointmentFlags(appointment);
  if (flags.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map(({ flag, label }) =>
        flag === 'over-capacity' ? (
          <Badge key={flag} variant="destructive">
            <AlertTriangle className="size-3" aria-hidden="true" />
            {label}
          </Badge>
        ) : (
          <Badge key={flag} variant="warning">
            <CircleDollarSign className="size-3" aria-hidden="true" />
            {label}
          </Badge>
        ),
      )}
    </span>
  );
}
