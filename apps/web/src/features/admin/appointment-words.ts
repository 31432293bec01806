// How the staff's appointment tables word their filters, dates and flags (12-hour times, past
// appointments by month and year).
import type { AppointmentFlag, AppointmentSort } from '@pitstop/shared/appointments/forms';
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { formatPrice } from '@pitstop/shared/money';
import { formatCalendarDay } from '../../lib/visit-words.ts';

export const ALL_STATUSES = 'All statuses';

export const FLAG_FILTER_LABELS: Record<AppointmentFlag | 'all', string> = {
  all: 'All visits',
  'over-capacity': 'Over capacity',
  'balance-due': 'Balance due',
};

export const SORT_LABELS: Record<AppointmentSort, string> = {
  'date-desc': 'Newest first',
  'date-asc': 'Oldest first',
  customer: 'Customer A–Z',
};

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const ALL_MONTHS = 'All months';
export const ALL_YEARS = 'All years';

export const SEARCH_PLACEHOLDER = 'Search customer, service or order number';
export const TECHNICIAN_UNASSIGNED = 'Unassigned';
export const NOT_WORKING_THIS_DAY = '(not working this day)';
export const OFF_DUTY = '(off duty)';

/** 'Sat, Mar 14, 2026' for the business-local date 2026-03-14. */
export function formatAppointmentDay(date: string): string {
  return formatCalendarDay(date, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** 'Sat, Mar 14, 2026 at 9:00 AM'. */
export function appointmentMoment(appointment: { date: string; time: string }): string {
  return `${formatAppointmentDay(appointment.date)} at ${formatTime12(appointment.time)}`;
}

/** What a row says the visit needs: reschedule it, or collect what is owed. */
export function appointmentFlags(
  appointment: StaffAppointment,
): { flag: AppointmentFlag; label: string }[] {
  const flags: { flag: AppointmentFlag; label: string }[] = [];
  if (appointment.overCapacity) {
    flags.push({ flag: 'over-capacity', label: 'Over capacity — reschedule' });
  }
  if (appointment.visitBalanceDueCents > 0) {
    const label = `Balance due ${formatPrice(appointment.visitBalanceDueCents)}`;
    flags.push({ flag: 'balance-due', label });
  }
  return flags;
}

/** 'Casey Customer, Synthetic Oil Change': names a row's controls for screen readers. */
export function rowName(appointment: StaffAppointment): string {
  return `${appointment.customerName}, ${appointment.serviceName}`;
}

/** 'Showing the first 1,000 matches — narrow the search'. */
export function cappedMessage(cap: number): string {
  return `Showing the first ${cap.toLocaleString('en-US')} matches — narrow the search`;
}

/** '1 appointment', '23 appointments', 'More than 1,000 appointments'. */
export function appointmentCount(total: number, capped: boolean): string {
  if (capped) return `More than ${total.toLocaleString('en-US')} appointments`;
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'appointment' : 'appointments'}`;
}
