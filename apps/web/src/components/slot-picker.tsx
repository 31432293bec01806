// A date from today (in the business's time zone) up to the booking horizon, and the server's
// time slots for it as a group of radio buttons in 12-hour times: the booking form's schedule and
// the staff's move of a visit, which ask different endpoints for the slots. The hint under the
// date and the empty-list messages are the server's; the list refreshes as its query says. Given
// the business's zone in words, the times say which clock they are on.
import { BOOKING_HORIZON_DAYS } from '@pitstop/shared/booking/horizon';
import type { DaySlotsResponse } from '@pitstop/shared/booking/responses';
import { SLOT_MESSAGES } from '@pitstop/shared/booking/time-slots';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { addCalendarDays, isCalendarDate } from '@pitstop/shared/calendar-dates';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../lib/api.ts';
import { Button } from './ui/button.tsx';
import { FieldError, FormField } from './ui/form-field.tsx';
import { Input } from './ui/input.tsx';
import { Spinner } from './ui/spinner.tsx';

/** The two fields the picker fills: a YYYY-MM-DD date and an HH:MM time. */
interface Schedule {
  date: string;
  time: string;
}

export interface SlotPickerProps<T extends Schedule, C, V, K extends QueryKey> {
  /** A form with `date` and `time` fields (among others). */
  form: UseFormReturn<T, C, V>;
  /** Today on the business's clock; unknown until its profile has loaded. */
  today: string | undefined;
  /** How the slots of a date are read. */
  slotsQuery: (date: string) => UseQueryOptions<DaySlotsResponse, Error, DaySlotsResponse, K>;
  /** Starts the controls' ids: 'booking' gives booking-date and booking-time-0900. */
  idPrefix: string;
  /** Fewer slots a row, for a dialog's width. */
  isNarrow?: boolean;
  /** The business's time zone in words ('Eastern Time'), stated beside the times. */
  zoneName?: string | undefined;
  /** A line under the times about how they were chosen, read with the group. */
  note?: string | undefined;
}

/** The last date offered: the server refuses visits further ahead. */
function lastBookableDate(today: string): string {
  return addCalendarDays(today, BOOKING_HORIZON_DAYS);
}

export function SlotPicker<T extends Schedule, C, V, K extends QueryKey>({
  form: anyForm,
  today,
  slotsQuery,
  idPrefix,
  isNarrow = false,
  zoneName,
  note,
}: SlotPickerProps<T, C, V, K>) {
  // react-hook-form cannot see that `date` and `time` are paths of every T: the picker handles
  // only those two, so it works on the form as a form of them alone.
  const form = anyForm as unknown as UseFormReturn<Schedule>;
  const { errors } = form.formState;
  const [date, time] = useWatch({ control: form.control, name: ['date', 'time'] });
  const hasDate = isCalendarDate(date);
  const slots = useQuery({ ...slotsQuery(date), enabled: hasDate });
  const day = hasDate ? slots.data : undefined;
  const isCurrent = !!day && day.date === date && !slots.isPlaceholderData;

  // A chosen time the server no longer offers (taken meanwhile, or a restored draft's) is
  // cleared rather than sent to be refused.
  useEffect(() => {
    if (isCurrent && time && !day.slots.includes(time)) form.setValue('time', '');
  }, [isCurrent, day, time, form]);

  return (
    <div className="grid gap-5">
      <FormField
        id={`${idPrefix}-date`}
        label="Date"
        hint={day?.hint}
        error={errors.date?.message}
        className="sm:max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            type="date"
            min={today}
            max={today ? lastBookableDate(today) : undefined}
            {...form.register('date', {
              // Picking a date clears the chosen time.
              onChange: () => form.setValue('time', ''),
            })}
          />
        )}
      </FormField>

      <Controller
        control={form.control}
        name="time"
        render={({ field, fieldState }) => (
          <TimeSlots
            idPrefix={idPrefix}
            isNarrow={isNarrow}
            zoneName={zoneName}
            note={note}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            focusRef={field.ref}
            error={fieldState.error?.message}
            slots={day?.slots ?? []}
            emptyMessage={
              !hasDate
                ? 'Pick a date to see the available times.'
                : (day?.message ?? (day ? SLOT_MESSAGES.none : null))
            }
            isLoading={hasDate && slots.isPending}
            loadError={hasDate && slots.isError ? errorMessage(slots.error) : null}
            onRetry={() => void slots.refetch()}
            isRetrying={slots.isFetching}
          />
        )}
      />
    </div>
  );
}

interface TimeSlotsProps {
  idPrefix: string;
  isNarrow: boolean;
  zoneName: string | undefined;
  note: string | undefined;
  name: string;
  value: string;
  onChange: (time: string) => void;
  onBlur: () => void;
  focusRef: (instance: { focus: () => void } | null) => void;
  error?: string;
  slots: readonly string[];
  emptyMessage: string | null;
  isLoading: boolean;
  loadError: string | null;
  onRetry: () => void;
  isRetrying: boolean;
}

function TimeSlots({
  idPrefix,
  isNarrow,
  zoneName,
  note,
  name,
  value,
  onChange,
  onBlur,
  focusRef,
  error,
  slots,
  emptyMessage,
  isLoading,
  loadError,
  onRetry,
  isRetrying,
}: TimeSlotsProps) {
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const errorId = error ? `${idPrefix}-time-error` : undefined;
  const statusId = `${idPrefix}-time-status`;
  const zoneId = zoneName ? `${idPrefix}-time-zone` : undefined;
  const noteId = note ? `${idPrefix}-time-note` : undefined;
  // An invalid submit focuses the chosen slot, else the first, else the group itself.
  const focusTarget = {
    focus: () => {
      const group = groupRef.current;
      const radio =
        group?.querySelector<HTMLInputElement>('input:checked') ??
        group?.querySelector<HTMLInputElement>('input');
      (radio ?? group)?.focus();
    },
  };

  let status: ReactNode = null;
  if (isLoading) {
    status = (
      <span className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" />
        Loading available times…
      </span>
    );
  } else if (loadError) {
    status = (
      <span className="flex flex-wrap items-center gap-3 text-destructive">
        <AlertTriangle className="size-4" aria-hidden="true" />
        {loadError}
        <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      </span>
    );
  } else if (slots.length === 0 && emptyMessage) {
    status = <span className="text-muted-foreground">{emptyMessage}</span>;
  }

  return (
    <fieldset
      ref={(element) => {
        groupRef.current = element;
        focusRef(element ? focusTarget : null);
      }}
      tabIndex={-1}
      aria-describedby={
        [zoneId, errorId, status ? statusId : undefined, noteId].filter(Boolean).join(' ') ||
        undefined
      }
      aria-invalid={error ? true : undefined}
      className="rounded-lg outline-none"
    >
      <legend className="mb-2 text-sm leading-none font-medium">Time</legend>
      {zoneId && (
        <p id={zoneId} className="-mt-1 mb-2 text-xs text-muted-foreground">
          Times are {zoneName}
        </p>
      )}
      <div id={statusId} role="status" className="text-sm empty:hidden">
        {status}
      </div>
      {slots.length > 0 && (
        <div
          className={clsx('grid grid-cols-3 gap-2 sm:grid-cols-4', !isNarrow && 'lg:grid-cols-6')}
        >
          {slots.map((slot) => {
            const id = `${idPrefix}-time-${slot.replace(':', '')}`;
            return (
              <div key={slot} className="relative">
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={slot}
                  checked={value === slot}
                  onChange={() => onChange(slot)}
                  onBlur={onBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={errorId}
                  // Invisible over its label: clicks and taps land on the radio itself.
                  className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                />
                <label
                  htmlFor={id}
                  className="flex h-11 cursor-pointer items-center justify-center rounded-lg border border-input bg-background px-2 text-sm font-medium whitespace-nowrap shadow-xs transition-colors peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:border-brand-300 peer-checked:hover:border-primary"
                >
                  {formatTime12(slot)}
                </label>
              </div>
            );
          })}
        </div>
      )}
      {noteId && (
        <p id={noteId} className="mt-2 text-sm text-muted-foreground">
          {note}
        </p>
      )}
      <div className="mt-2 empty:hidden">
        <FieldError id={errorId} message={error} />
      </div>
    </fieldset>
  );
}
