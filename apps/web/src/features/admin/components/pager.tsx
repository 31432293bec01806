// Previous / Next under a paged appointment table, with "Page N of M"; when the server stopped
// counting (more matches than it counts), it says so and asks for a narrower search.
import { APPOINTMENT_COUNT_CAP } from '@pitstop/shared/appointments/forms';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { pageCount } from '../appointment-search.ts';
import { cappedMessage } from '../appointment-words.ts';

export interface PagerProps {
  /** Names the navigation for screen readers, e.g. "Past Appointments pages". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  totalCapped: boolean;
  onPageChange: (page: number) => void;
  /** While the next page loads, the buttons wait. */
  isLoading?: boolean;
}

export function Pager({
  label,
  page,
  pageSize,
  total,
  totalCapped,
  onPageChange,
  isLoading = false,
}: PagerProps) {
  const pages = pageCount(total, pageSize);
  return (
    <nav
      aria-label={label}
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="text-sm text-muted-foreground">
        <p aria-live="polite">
          Page {page} of {pages}
        </p>
        {totalCapped && (
          <p className="font-medium text-amber-900">{cappedMessage(APPOINTMENT_COUNT_CAP)}</p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1 || isLoading}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pages || isLoading}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
