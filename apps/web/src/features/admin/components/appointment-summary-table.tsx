// The dashboard's read-only appointment rows: customer (with the car, the customer's note and
// what the visit needs), service, date and 12-hour time, status and technician. A table on wide
// screens, stacked rows on phones.
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import { describeVisitVehicle } from '@pitstop/shared/appointments/visit-vehicle';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatAppointmentDay } from '../appointment-words.ts';
import { useWideScreen } from '../use-wide-screen.ts';
import { CustomerCell, DateTimeCell } from './appointment-cells.tsx';
import { AppointmentFlags } from './appointment-flags.tsx';

export interface AppointmentSummaryTableProps {
  appointments: StaffAppointment[];
  /** Names the table for screen readers: the section's title. */
  label: string;
}

export function AppointmentSummaryTable({ appointments, label }: AppointmentSummaryTableProps) {
  const isWide = useWideScreen();
  if (!isWide) {
    return (
      <ul aria-label={label} className="divide-y divide-border rounded-card border border-border">
        {appointments.map((appointment) => (
          <li key={appointment.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold break-words">{appointment.customerName}</p>
              <AppointmentStatusBadge status={appointment.status} />
            </div>
            <p>{appointment.serviceName}</p>
            <VehicleAndNote appointment={appointment} />
            <p className="text-muted-foreground">
              {formatAppointmentDay(appointment.date)} · {formatTime12(appointment.time)}
            </p>
            <p className="text-muted-foreground">
              <span className="sr-only">Technician: </span>
              {appointment.technician}
            </p>
            <AppointmentFlags appointment={appointment} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table aria-label={label} className="bg-card">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Customer</TableHead>
          <TableHead>Service</TableHead>
          <TableHead>Date &amp; Time</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Technician</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {appointments.map((appointment) => (
          <TableRow key={appointment.id}>
            <CustomerCell appointment={appointment} className="max-w-64" />
            <TableCell>{appointment.serviceName}</TableCell>
            <DateTimeCell appointment={appointment} />
            <TableCell>
              <AppointmentStatusBadge status={appointment.status} />
            </TableCell>
            <TableCell className="text-muted-foreground">{appointment.technician}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The car and the customer's note, as the table's customer cell shows them. */
function VehicleAndNote({ appointment }: { appointment: StaffAppointment }) {
  const vehicle = describeVisitVehicle(appointment.vehicle);
  return (
    <>
      {vehicle && (
        <p className="break-words text-muted-foreground">
          <span className="sr-only">Vehicle: </span>
          {vehicle}
        </p>
      )}
      {appointment.description && (
        <p className="break-words text-muted-foreground">Note: {appointment.description}</p>
      )}
    </>
  );
}
