// A technician's ratings on their card: "Show ratings" opens the latest ones with the customers'
// comments (newest first), read only when opened.
import type { TechnicianCard } from '@pitstop/shared/technicians/responses';
import { starsLabel } from '@pitstop/shared/ratings/words';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { formatVisitDate } from '../../../lib/visit-words.ts';
import { technicianRatingsQueryOptions } from '../api.ts';

export function TechnicianRatings({
  technician,
  label,
}: {
  technician: TechnicianCard;
  label: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="px-5 pt-4">
      <Button
        variant="outline"
        size="sm"
        aria-expanded={isOpen}
        aria-controls={regionId}
        aria-label={`${isOpen ? 'Hide' : 'Show'} ratings of ${label}`}
        onClick={() => setIsOpen((open) => !open)}
      >
        <ChevronDown aria-hidden="true" className={cn(isOpen && 'rotate-180')} />
        {isOpen ? 'Hide ratings' : 'Show ratings'}
      </Button>
      <div id={regionId} hidden={!isOpen}>
        {isOpen && <RatingList technicianId={technician.id} />}
      </div>
    </div>
  );
}

function RatingList({ technicianId }: { technicianId: string }) {
  const ratings = useQuery(technicianRatingsQueryOptions(technicianId));
  if (ratings.isPending) return <LoadingState label="Loading ratings…" className="min-h-16" />;
  if (ratings.isError) {
    return (
      <ErrorState
        className="mt-3"
        title="We couldn't load the ratings"
        message={errorMessage(ratings.error, 'Please try again in a moment.')}
        onRetry={() => void ratings.refetch()}
        isRetrying={ratings.isFetching}
      />
    );
  }
  return (
    <ul className="mt-3 flex flex-col gap-3 text-sm">
      {ratings.data.ratings.map((rating) => (
        <li key={rating.bookingId} className="rounded-lg border border-border p-3">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold">
              <span aria-hidden="true" className="text-accent-700">
                {'★'.repeat(rating.stars)}
                {'☆'.repeat(5 - rating.stars)}
              </span>
              <span className="sr-only">{starsLabel(rating.stars)}</span>
            </span>
            <span className="text-muted-foreground">{formatVisitDate(rating.date)}</span>
          </p>
          <p className="mt-1 text-muted-foreground">
            {rating.customerName} · {rating.services.join(', ')}
          </p>
          {rating.comment && (
            <blockquote className="mt-2 border-l-2 border-accent-400 pl-3 break-words whitespace-pre-line">
              {rating.comment}
            </blockquote>
          )}
        </li>
      ))}
    </ul>
  );
}
