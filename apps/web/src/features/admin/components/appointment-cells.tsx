// The cells the staff's appointment tables share: the customer with the visit's order number, the
// car ("2019 Toyota 4Runner · Blue · ABC 123"), the customer's note and what the visit needs
// under the name, and the day over its 12-hour time (with an action under it, such as Move).
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import { describeVisitVehicle } from '@pitstop/shared/appointments/visit-vehicle';
import { formatTime12 } from '@pitstop/shared/business/hours';
import type { ReactNode } from 'react';
import { TableCell } from '../../../components/ui/table.tsx';
import { formatAppointmentDay } from '../appointment-words.ts';
import { AppointmentFlags } from './appointment-flags.tsx';

export function CustomerCell({
  appointment,
  className,
}: {
  appointment: StaffAppointment;
  /** The column's width, e.g. 'max-w-64'. */
  className: string;
}) {
  const vehicle = describeVisitVehicle(appointment.vehicle);
  return (
    <TableCell className={className}>
      <span className="flex flex-col gap-1">
        <span className="font-medium break-words">{appointment.customerName}</span>
        {appointment.orderNumber && (
          <span className="text-xs text-muted-foreground">Order {appointment.orderNumber}</span>
        )}
        {vehicle && (
          <span className="text-xs break-words text-muted-foreground">
            <span className="sr-only">Vehicle: </span>
            {vehicle}
          </span>
        )}
        {appointment.description && (
          <span className="line-clamp-3 text-xs break-words text-muted-foreground">
            Note: {appointment.description}
          </span>
        )}
        <AppointmentFlags appointment={appointment} />
      </span>
    </TableCell>
  );
}

export function DateTimeCell({
  appointment,
  children,
}: {
  appointment: StaffAppointment;
  children?: ReactNode;
}) {
  return (
    <TableCell className="whitespace-nowrap">
      {formatAppointmentDay(appointment.date)}
      <span className="block text-muted-foreground">{formatTime12(appointment.time)}</span>
      {children}
    </TableCell>
  );
}
