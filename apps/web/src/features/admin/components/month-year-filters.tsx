// Month and year pickers for appointment lists (past appointments by month and year; the year
// choices are this year and the 4 before).
import { yearChoices } from '@pitstop/shared/metrics/rules';
import { useId } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { ALL_MONTHS, ALL_YEARS, MONTHS } from '../appointment-words.ts';

export interface MonthYearFiltersProps {
  month: number | null;
  year: number | null;
  /** The business's current year: the newest choice. */
  currentYear: number;
  /** Offer "All years" (the appointments screen); without it a year is always chosen. */
  allowAllYears?: boolean;
  onChange: (next: { month: number | null; year: number | null }) => void;
}

export function MonthYearFilters({
  month,
  year,
  currentYear,
  allowAllYears = false,
  onChange,
}: MonthYearFiltersProps) {
  const monthId = useId();
  const yearId = useId();
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={monthId}>Month</Label>
        <NativeSelect
          id={monthId}
          value={month ?? ''}
          onChange={(event) => {
            const chosen = event.target.value ? Number(event.target.value) : null;
            // A month is always of a year: "All years" becomes this year, as the server reads it.
            onChange({ month: chosen, year: chosen !== null ? (year ?? currentYear) : year });
          }}
        >
          <option value="">{ALL_MONTHS}</option>
          {MONTHS.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={yearId}>Year</Label>
        <NativeSelect
          id={yearId}
          value={year ?? ''}
          onChange={(event) => {
            const chosen = event.target.value ? Number(event.target.value) : null;
            onChange({ month: chosen === null ? null : month, year: chosen });
          }}
        >
          {allowAllYears && <option value="">{ALL_YEARS}</option>}
          {yearChoices(currentYear).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}
