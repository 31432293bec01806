// Ratings of 1 or 2 stars that nobody has followed up: who rated which visit and what they said,
// with their contact; "Mark followed up" takes one off the list. Oldest first.
import { RATING_MESSAGES, starsLabel } from '@pitstop/shared/ratings/words';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { formatVisitDate } from '../../../lib/visit-words.ts';
import { useLowRatings, useMarkFollowedUp } from '../low-ratings-api.ts';
import { ContactLinks, FollowUpList } from './follow-up-list.tsx';

export function LowRatings() {
  const markFollowedUp = useMarkFollowedUp();
  return (
    <FollowUpList
      title="Low ratings to follow up"
      description="Customers who rated a visit 1 or 2 stars: call them back, then mark the rating followed up."
      query={useLowRatings()}
      words={{
        loading: 'Loading ratings…',
        failed: "We couldn't load the low ratings",
        empty: 'No low rating is waiting for a follow-up.',
      }}
      keyOf={(rating) => rating.bookingId}
    >
      {(rating) => (
        <>
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-semibold">{rating.customerName}</p>
            <p className="shrink-0 font-semibold text-destructive">{starsLabel(rating.stars)}</p>
          </div>
          <p className="text-sm text-muted-foreground">
            {formatVisitDate(rating.date)}
            {rating.technician ? ` · ${rating.technician}` : ''}
          </p>
          <p className="text-sm">{rating.services.join(', ')}</p>
          {rating.comment && (
            <blockquote className="border-l-2 border-destructive pl-3 text-sm break-words whitespace-pre-line">
              {rating.comment}
            </blockquote>
          )}
          <ContactLinks email={rating.email} phone={rating.phone} />
          <Button
            variant="outline"
            size="sm"
            className="mt-1 self-start"
            aria-label={`${RATING_MESSAGES.followedUp}: ${rating.customerName}, ${formatVisitDate(rating.date)}`}
            disabled={markFollowedUp.isPending && markFollowedUp.variables === rating.bookingId}
            onClick={() =>
              markFollowedUp.mutate(rating.bookingId, {
                onSuccess: () => toast.success(`Followed up: ${rating.customerName}.`),
                onError: (error) =>
                  toast.error(errorMessage(error, "We couldn't mark it. Please try again.")),
              })
            }
          >
            {RATING_MESSAGES.followedUp}
          </Button>
        </>
      )}
    </FollowUpList>
  );
}
