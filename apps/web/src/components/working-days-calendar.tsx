// A month of a technician's working days (a month calendar, past days disabled). With `onToggle`
// the technician marks days on and off (their dashboard); without it the month is shown read-only
// (the admin's Technicians page). Dates are `YYYY-MM-DD` in the business's calendar: they become
// local-midnight Dates only for react-day-picker, never instants, so no time zone can move a day.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  DayPicker,
  type ChevronProps,
  type ClassNames,
  type DayProps,
  type Modifiers,
} from 'react-day-picker';
import { clsx } from 'clsx';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { WORKING_DAYS_AHEAD } from '@pitstop/shared/technicians/rules';

export interface WorkingDaysCalendarProps {
  /** The month shown, `YYYY-MM`. */
  month: string;
  /** Previous / next month, as `YYYY-MM`. */
  onMonthChange: (month: string) => void;
  /** The working days (`YYYY-MM-DD`); days of other months are ignored. */
  workingDays: readonly string[];
  /** The business-local today, `YYYY-MM-DD`: earlier days cannot be changed. */
  today: string;
  /** Called with a day and whether it is to become a working day; without it, read-only. */
  onToggle?: (date: string, working: boolean) => void;
  /** Every day locked (while a change is saved, say); the months can still be browsed. */
  disabled?: boolean;
  /** Names the calendar for screen readers ("My working days", "Working days of Ann Lee"). */
  label: string;
  className?: string;
}

/** `YYYY-MM-DD` → a Date at local midnight of that day. */
function toDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** A Date's local calendar day as `YYYY-MM-DD`. */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const DAY_NAME = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "Today, Saturday, March 14, 2026, working day": what each day reads as. */
function dayLabel(date: Date, modifiers?: Modifiers): string {
  const working = modifiers?.selected || modifiers?.working;
  return `${modifiers?.today ? 'Today, ' : ''}${DAY_NAME.format(date)}, ${
    working ? 'working day' : 'not working'
  }`;
}

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={className} aria-hidden="true" />;
}

const navButton =
  'grid size-10 cursor-pointer place-items-center rounded-lg text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

const CLASS_NAMES: Partial<ClassNames> = {
  root: 'relative w-full',
  months: 'w-full',
  month: 'flex w-full flex-col gap-3',
  month_caption: 'flex h-10 items-center justify-center px-12',
  caption_label: 'text-base font-semibold',
  nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
  button_previous: navButton,
  button_next: navButton,
  chevron: 'size-5',
  month_grid: 'w-full border-collapse',
  weekdays: '',
  weekday: 'pb-1 text-center text-xs font-medium text-muted-foreground',
  weeks: '',
  week: '',
  day: 'p-0.5 text-center align-middle',
  day_button:
    'mx-auto grid size-10 cursor-pointer place-items-center rounded-lg text-sm tabular-nums transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:hover:bg-transparent',
  // On the cell (td): the button inside takes the look.
  selected:
    '[&>button]:bg-primary [&>button]:font-semibold [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover',
  today: '[&>*]:ring-2 [&>*]:ring-accent-400 [&>*]:ring-inset font-bold',
  disabled: 'text-muted-foreground [&>button]:opacity-60',
  outside: 'invisible',
  hidden: 'invisible',
};

/** Read-only cells hold the day's number itself. */
const READ_ONLY_CELL = 'mx-auto grid size-10 place-items-center rounded-lg text-sm tabular-nums';

export function WorkingDaysCalendar({
  month,
  onMonthChange,
  workingDays,
  today,
  onToggle,
  disabled = false,
  label,
  className,
}: WorkingDaysCalendarProps) {
  const shown = toDate(`${month}-01`);
  const todayDate = toDate(today);
  const working = workingDays.filter((day) => day.startsWith(`${month}-`)).map(toDate);
  const count = working.length;
  const summary = `${count} working ${count === 1 ? 'day' : 'days'} in ${shown.toLocaleDateString(
    'en-US',
    { month: 'long', year: 'numeric' },
  )}`;

  const shared = {
    month: shown,
    onMonthChange: (date: Date) => onMonthChange(dayOf(date).slice(0, 7)),
    today: todayDate,
    components: { Chevron },
    footer: <span className="sr-only">{summary}</span>,
    labels: { labelDayButton: dayLabel, labelGridcell: dayLabel },
  };

  return (
    <div role="group" aria-label={label} className={clsx('w-full max-w-sm', className)}>
      {onToggle ? (
        <DayPicker
          {...shared}
          mode="multiple"
          selected={working}
          onSelect={(_, date, modifiers) => onToggle(dayOf(date), !modifiers.selected)}
          disabled={
            disabled
              ? true
              : [
                  { before: todayDate },
                  { after: toDate(addCalendarDays(today, WORKING_DAYS_AHEAD)) },
                ]
          }
          classNames={CLASS_NAMES}
        />
      ) : (
        <DayPicker
          {...shared}
          modifiers={{ working }}
          classNames={CLASS_NAMES}
          components={{ Chevron, Day: ReadOnlyDay }}
        />
      )}
      <Legend interactive={Boolean(onToggle)} />
    </div>
  );
}

/** A read-only cell: the day's number in a chip, filled on a working day. */
function ReadOnlyDay({ day: _day, modifiers, children, ...cell }: DayProps) {
  return (
    <td {...cell}>
      {children !== undefined && children !== false && (
        <span
          className={clsx(
            READ_ONLY_CELL,
            modifiers.working && 'bg-primary font-semibold text-primary-foreground',
          )}
        >
          {children}
        </span>
      )}
    </td>
  );
}

function Legend({ interactive }: { interactive: boolean }) {
  return (
    <ul
      className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
      aria-hidden="true"
    >
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-primary" />
        Working day
      </li>
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm ring-2 ring-accent-400 ring-inset" />
        Today
      </li>
      {interactive && <li>Tap a day to switch it on or off.</li>}
    </ul>
  );
}
