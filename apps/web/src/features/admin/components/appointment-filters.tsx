// The appointments screen's search and filters: a search box over customer and service (sent once
// typing pauses), status, what the visit needs, sort order, and month and year.
import {
  APPOINTMENT_FLAGS,
  APPOINTMENT_SEARCH_MAX_LENGTH,
  APPOINTMENT_SORTS,
  APPOINTMENT_STATUS_FILTERS,
  type AppointmentFlag,
  type AppointmentSort,
  type AppointmentStatusFilter,
} from '@pitstop/shared/appointments/forms';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { appointmentStatusLabel } from '../../../components/appointment-status-badge.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { AppointmentSearch } from '../appointment-search.ts';
import {
  ALL_STATUSES,
  FLAG_FILTER_LABELS,
  SEARCH_PLACEHOLDER,
  SORT_LABELS,
} from '../appointment-words.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { MonthYearFilters } from './month-year-filters.tsx';

const SEARCH_DEBOUNCE_MS = 300;

export interface AppointmentFiltersProps {
  search: AppointmentSearch;
  /** A new search or filter; the search box's changes replace the history entry. */
  onChange: (change: Partial<AppointmentSearch>, options?: { replace?: boolean }) => void;
  currentYear: number;
  /** A new page of matches is loading. */
  isUpdating: boolean;
}

export function AppointmentFilters({
  search,
  onChange,
  currentYear,
  isUpdating,
}: AppointmentFiltersProps) {
  const statusId = useId();
  const flagId = useId();
  const sortId = useId();
  return (
    // One row on a wide screen; on a phone the search, then the pickers two by two.
    <div className="flex flex-wrap gap-3">
      <div className="flex min-w-0 flex-[3_1_18rem] flex-col gap-1.5">
        <SearchBox
          query={search.q}
          onSearch={(q) => onChange({ q }, { replace: true })}
          isUpdating={isUpdating}
        />
      </div>
      <Filter id={statusId} label="Status">
        <NativeSelect
          id={statusId}
          value={search.status}
          onChange={(event) => onChange({ status: event.target.value as AppointmentStatusFilter })}
        >
          {APPOINTMENT_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {status === 'all' ? ALL_STATUSES : appointmentStatusLabel(status)}
            </option>
          ))}
        </NativeSelect>
      </Filter>
      <Filter id={flagId} label="Visits">
        <NativeSelect
          id={flagId}
          value={search.flag ?? ''}
          onChange={(event) =>
            onChange({ flag: (event.target.value || null) as AppointmentFlag | null })
          }
        >
          <option value="">{FLAG_FILTER_LABELS.all}</option>
          {APPOINTMENT_FLAGS.map((flag) => (
            <option key={flag} value={flag}>
              {FLAG_FILTER_LABELS[flag]}
            </option>
          ))}
        </NativeSelect>
      </Filter>
      <Filter id={sortId} label="Sort">
        <NativeSelect
          id={sortId}
          value={search.sort}
          onChange={(event) => onChange({ sort: event.target.value as AppointmentSort })}
        >
          {APPOINTMENT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </Filter>
      <div className="grid flex-[2_1_18rem] grid-cols-2 gap-3">
        <MonthYearFilters
          month={search.month}
          year={search.year}
          currentYear={currentYear}
          allowAllYears
          onChange={onChange}
        />
      </div>
    </div>
  );
}

function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-[1_1_9rem] flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * The search box shows what the address holds, follows it when it changes from outside (Back,
 * a link), and sends what is typed once typing pauses.
 */
function SearchBox({
  query,
  onSearch,
  isUpdating,
}: {
  query: string;
  onSearch: (q: string) => void;
  isUpdating: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    if (query !== text.trim()) setText(query);
  }
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Only a pause in typing sends: the address moving on its own must not send the old text back.
  const sent = useRef(typed);
  useEffect(() => {
    if (typed === sent.current) return;
    sent.current = typed;
    if (typed !== query) onSearch(typed);
  }, [typed, query, onSearch]);

  return (
    <>
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={SEARCH_PLACEHOLDER}
          aria-label={SEARCH_PLACEHOLDER}
          maxLength={APPOINTMENT_SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          className="pr-9 pl-9"
        />
        {isUpdating && (
          <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
        )}
      </div>
    </>
  );
}
