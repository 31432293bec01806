// Weekly opening hours: one entry per weekday, business-local HH:MM times.
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DayHours {
  isOpen: boolean;
  /** HH:MM, business-local. */
  openTime: string;
  closeTime: string;
}
export type BusinessHours = Record<Weekday, DayHours>;

export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  monday: { isOpen: true, openTime: '07:00', closeTime: '19:00' },
  tuesday: { isOpen: true, openTime: '07:00', closeTime: '19:00' },
  wednesday: { isOpen: true, openTime: '07:00', closeTime: '19:00' },
  thursday: { isOpen: true, openTime: '07:00', closeTime: '19:00' },
  friday: { isOpen: true, openTime: '07:00', closeTime: '19:00' },
  saturday: { isOpen: true, openTime: '07:00', closeTime: '19:00' },
  sunday: { isOpen: true, openTime: '09:00', closeTime: '17:00' },
};

/** `07:00` -> `7:00 AM`, `19:30` -> `7:30 PM`. */
export function formatTime12(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const period = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${period}`;
}

/** `7:00 AM - 7:00 PM`, or `Closed`. */
export function formatDayHours(day: DayHours): string {
  return day.isOpen ? `${formatTime12(day.openTime)} - ${formatTime12(day.closeTime)}` : 'Closed';
}

/** The footer's three lines: Mon-Fri (taken from Monday, as the spec says), Sat, Sun. */
export function footerHours(hours: BusinessHours): { label: string; value: string }[] {
  return [
    { label: 'Mon-Fri', value: formatDayHours(hours.monday) },
    { label: 'Sat', value: formatDayHours(hours.saturday) },
    { label: 'Sun', value: formatDayHours(hours.sunday) },
  ];
}
