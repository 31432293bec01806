// The appointments screen's rows: customer, service, the car and the customer's note, date and
// 12-hour time, status badge, technician picker, location, contact phone and status picker, with
// what the visit needs as badges, and Move for a visit not yet begun (how an over-capacity visit
// is fixed), with Cancel visit beside it (Payment once cancelled), Messages (what its customer
// was sent) and Vehicle history (its garage vehicle's service record).
// A table on wide screens; on phones each row is a card.
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import { describeVisitVehicle } from '@pitstop/shared/appointments/visit-vehicle';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { can } from '@pitstop/shared/permissions';
import { phoneHref } from '@pitstop/shared/phone';
import type { AssignableTechnician } from '@pitstop/shared/technicians/responses';
import { CalendarClock, History, MessageSquare } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { useViewer } from '../../../lib/viewer.ts';
import { formatAppointmentDay, rowName } from '../appointment-words.ts';
import { useWideScreen } from '../use-wide-screen.ts';
import { CustomerCell, DateTimeCell } from './appointment-cells.tsx';
import { AppointmentFlags } from './appointment-flags.tsx';
import { CancelVisitButton, type OnCancelVisit } from './cancel-visit-button.tsx';
import type { VisitToCancel } from './cancel-visit-dialog.tsx';
import { LazyCancelVisitDialog } from './lazy-cancel-visit-dialog.tsx';
import { LazyMoveVisitDialog } from './lazy-move-visit-dialog.tsx';
import { LazyVehicleHistoryDialog } from './lazy-vehicle-history-dialog.tsx';
import { LazyVisitMessagesDialog } from './lazy-visit-messages-dialog.tsx';
import type { VisitToMove } from './move-visit-dialog.tsx';
import { StatusPicker } from './status-picker.tsx';
import { TechnicianPicker } from './technician-picker.tsx';
import type { VisitWithVehicle } from './vehicle-history-dialog.tsx';
import type { VisitWithMessages } from './visit-messages-dialog.tsx';

export interface ManageAppointmentsTableProps {
  appointments: StaffAppointment[];
  /** Who may be assigned (not off duty), with their working days; undefined while loading. */
  technicians: readonly AssignableTechnician[] | undefined;
}

/** Opens the Move dialog for a row's visit; undefined where the row's visit cannot move. */
type OnMove = ((visit: VisitToMove) => void) | undefined;

/** Opens the Messages dialog for a row's visit; undefined for staff who may not read visits. */
type OnMessages = ((visit: VisitWithMessages) => void) | undefined;

/** Opens the Vehicle history dialog for a row's visit; undefined for staff who may not read visits. */
type OnVehicleHistory = ((visit: VisitWithVehicle) => void) | undefined;

export function ManageAppointmentsTable(props: ManageAppointmentsTableProps) {
  const { role } = useViewer();
  const [moving, setMoving] = useState<VisitToMove | null>(null);
  const onMove = can(role, 'visit:move') ? setMoving : undefined;
  const [cancelling, setCancelling] = useState<VisitToCancel | null>(null);
  const onCancel = can(role, 'visit:cancel') ? setCancelling : undefined;
  const [reading, setReading] = useState<VisitWithMessages | null>(null);
  const onMessages = can(role, 'appointment:read:any') ? setReading : undefined;
  const [vehicleOf, setVehicleOf] = useState<VisitWithVehicle | null>(null);
  const onVehicleHistory = can(role, 'appointment:read:any') ? setVehicleOf : undefined;
  return (
    <>
      <AppointmentRows
        {...props}
        onMove={onMove}
        onCancel={onCancel}
        onMessages={onMessages}
        onVehicleHistory={onVehicleHistory}
      />
      <LazyMoveVisitDialog visit={moving} onClose={() => setMoving(null)} />
      <LazyCancelVisitDialog visit={cancelling} onClose={() => setCancelling(null)} />
      <LazyVisitMessagesDialog visit={reading} onClose={() => setReading(null)} />
      <LazyVehicleHistoryDialog visit={vehicleOf} onClose={() => setVehicleOf(null)} />
    </>
  );
}

interface RowActions {
  onMove: OnMove;
  onCancel: OnCancelVisit;
  onMessages: OnMessages;
  onVehicleHistory: OnVehicleHistory;
}

function AppointmentRows({
  appointments,
  technicians,
  ...actions
}: ManageAppointmentsTableProps & RowActions) {
  const isWide = useWideScreen();
  if (!isWide) {
    return (
      <ul aria-label="Appointments" className="grid gap-3 sm:grid-cols-2">
        {appointments.map((appointment) => (
          <AppointmentCard
            key={appointment.id}
            appointment={appointment}
            technicians={technicians}
            {...actions}
          />
        ))}
      </ul>
    );
  }
  return (
    // Eight columns, two of them pickers: snug cells keep them on a laptop's width.
    <Table aria-label="Appointments" className="bg-card [&_td]:px-3 [&_th]:px-3">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Customer</TableHead>
          <TableHead>Service</TableHead>
          <TableHead>Date &amp; Time</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Technician</TableHead>
          <TableHead>Location</TableHead>
          <TableHead>Contact Phone</TableHead>
          <TableHead>Update Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {appointments.map((appointment) => (
          <TableRow key={appointment.id}>
            <CustomerCell appointment={appointment} className="max-w-52" />
            <TableCell className="max-w-48">{appointment.serviceName}</TableCell>
            <DateTimeCell appointment={appointment}>
              {/* Stacked: the column stays as narrow as its date. */}
              <VisitActions
                appointment={appointment}
                {...actions}
                className="flex-col items-start"
              />
            </DateTimeCell>
            <TableCell>
              <AppointmentStatusBadge status={appointment.status} />
            </TableCell>
            <TableCell className="py-2">
              <TechnicianPicker
                appointment={appointment}
                technicians={technicians}
                className="w-44"
              />
            </TableCell>
            <TableCell className="max-w-48 min-w-32 text-muted-foreground">
              {appointment.location}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <PhoneLink phone={appointment.phone} />
            </TableCell>
            <TableCell className="py-2">
              <StatusPicker appointment={appointment} className="w-36" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AppointmentCard({
  appointment,
  technicians,
  ...actions
}: RowActions & {
  appointment: StaffAppointment;
  technicians: readonly AssignableTechnician[] | undefined;
}) {
  const titleId = useId();
  const vehicle = describeVisitVehicle(appointment.vehicle);
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-card border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={titleId} className="font-semibold break-words">
            {appointment.customerName}
          </p>
          <p className="text-sm">{appointment.serviceName}</p>
        </div>
        <AppointmentStatusBadge status={appointment.status} />
      </div>
      <AppointmentFlags appointment={appointment} />
      <dl className="grid gap-2 text-sm">
        {appointment.orderNumber && <Detail term="Order">{appointment.orderNumber}</Detail>}
        {vehicle && <Detail term="Vehicle">{vehicle}</Detail>}
        {appointment.description && <Detail term="Note">{appointment.description}</Detail>}
        <Detail term="Date & Time">
          {formatAppointmentDay(appointment.date)} at {formatTime12(appointment.time)}
          <VisitActions appointment={appointment} {...actions} className="flex-wrap" />
        </Detail>
        <Detail term="Location">{appointment.location}</Detail>
        <Detail term="Contact Phone">
          <PhoneLink phone={appointment.phone} />
        </Detail>
      </dl>
      <div className="grid gap-3 border-t border-border pt-3">
        <div className="flex flex-col gap-1.5">
          {/* The picker's own name says this and which appointment it is for. */}
          <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
            Technician
          </span>
          <TechnicianPicker appointment={appointment} technicians={technicians} />
        </div>
        <div className="flex flex-col gap-1.5">
          <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
            Status
          </span>
          <StatusPicker appointment={appointment} />
        </div>
      </div>
    </li>
  );
}

/**
 * A visit's Move, Cancel visit (or Payment), Messages and Vehicle history under its time; nothing
 * without any.
 */
function VisitActions({
  appointment,
  className,
  ...actions
}: RowActions & { appointment: StaffAppointment; className: string }) {
  return (
    <div className={`mt-1.5 flex gap-1.5 empty:hidden ${className}`}>
      <MoveButton appointment={appointment} onMove={actions.onMove} />
      <CancelVisitButton appointment={appointment} onCancel={actions.onCancel} />
      <MessagesButton appointment={appointment} onMessages={actions.onMessages} />
      <VehicleHistoryButton appointment={appointment} onVehicleHistory={actions.onVehicleHistory} />
    </div>
  );
}

/** Messages for any row of a booking, whatever its status: a cancelled visit's were withdrawn. */
function MessagesButton({
  appointment,
  onMessages,
}: {
  appointment: StaffAppointment;
  onMessages: OnMessages;
}) {
  const { bookingId } = appointment;
  if (!onMessages || !bookingId) return null;
  const name = rowName(appointment);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Messages for ${name}`}
      onClick={(event) => onMessages({ bookingId, name, opener: event.currentTarget })}
    >
      <MessageSquare aria-hidden="true" />
      Messages
    </Button>
  );
}

/** The service record of the visit's vehicle, for any row of a booking. */
function VehicleHistoryButton({
  appointment,
  onVehicleHistory,
}: {
  appointment: StaffAppointment;
  onVehicleHistory: OnVehicleHistory;
}) {
  const { bookingId } = appointment;
  if (!onVehicleHistory || !bookingId) return null;
  const name = rowName(appointment);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Vehicle history for ${name}`}
      onClick={(event) => onVehicleHistory({ bookingId, name, opener: event.currentTarget })}
    >
      <History aria-hidden="true" />
      Vehicle history
    </Button>
  );
}

/**
 * Move for a service not yet begun: a visit moves only before its work starts (the server
 * refuses it then), so a row under way, completed or cancelled has none, nor one without a
 * booking.
 */
function MoveButton({ appointment, onMove }: { appointment: StaffAppointment; onMove: OnMove }) {
  const { bookingId } = appointment;
  if (!onMove || appointment.status !== 'scheduled' || !bookingId) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Move the visit of ${rowName(appointment)}`}
      onClick={() =>
        onMove({
          bookingId,
          name: rowName(appointment),
          date: appointment.date,
          time: appointment.time,
        })
      }
    >
      <CalendarClock aria-hidden="true" />
      Move
    </Button>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  if (!phone) return <span className="text-muted-foreground">Not given</span>;
  return (
    <a href={phoneHref(phone)} className="text-brand-700 underline-offset-2 hover:underline">
      {phone}
    </a>
  );
}
