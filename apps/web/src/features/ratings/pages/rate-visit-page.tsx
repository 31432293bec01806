// Rate a visit (/rate/:token), from the e-mail sent when the visit was completed: no sign-in, the
// link is the credential. It names the visit (who, when, what), takes 1 to 5 stars and an optional
// comment once, then thanks; a link already used says so, and one nobody was sent offers the way
// home.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { ratingFormSchema, type RatingFormInput } from '@pitstop/shared/ratings/forms';
import type { RatingVisit } from '@pitstop/shared/ratings/responses';
import { RATING_COMMENT_MAX_LENGTH, RATING_MESSAGES } from '@pitstop/shared/ratings/words';
import { PATHS } from '@pitstop/shared/web-routes';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FieldError, FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { formatVisitDate } from '../../../lib/visit-words.ts';
import { ratingVisitQueryOptions, useSubmitRating } from '../api.ts';
import { StarRating } from '../components/star-rating.tsx';

export function RateVisitPage() {
  const token = useParams().token ?? '';
  const visit = useQuery(ratingVisitQueryOptions(token));

  let body: ReactNode;
  if (visit.isPending) body = <LoadingState label="Loading your visit…" />;
  else if (visit.isError && visit.error instanceof ApiError && visit.error.status === 404) {
    body = (
      <div className="flex flex-col gap-5">
        <p>{errorMessage(visit.error, RATING_MESSAGES.linkInvalid)}</p>
        <Button asChild variant="outline" className="self-start">
          <Link to={PATHS.home}>Go to the home page</Link>
        </Button>
      </div>
    );
  } else if (visit.isError) {
    body = (
      <ErrorState
        title="We couldn't load your visit"
        message={errorMessage(visit.error, 'Please try again in a moment.')}
        onRetry={() => void visit.refetch()}
        isRetrying={visit.isFetching}
      />
    );
  } else {
    body = (
      <>
        <VisitSummary visit={visit.data} />
        {visit.data.isRated ? <Thanks /> : <RatingForm token={token} />}
      </>
    );
  }

  return (
    <>
      <title>Rate your visit · Pitstop</title>
      <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight">{RATING_MESSAGES.heading}</h1>
        <div className="mt-6 rounded-card border border-border bg-card p-5 shadow-sm sm:p-6">
          {body}
        </div>
      </div>
    </>
  );
}

function VisitSummary({ visit }: { visit: RatingVisit }) {
  const who = visit.technicianFirstName ?? 'Our technician';
  return (
    <div className="mb-6 text-sm">
      <p className="text-base">
        {who} from <span className="font-semibold">{visit.businessName}</span> visited you on{' '}
        <span className="font-semibold">{formatVisitDate(visit.date)}</span>.
      </p>
      <p className="mt-1 text-muted-foreground">{visit.services.join(', ')}</p>
    </div>
  );
}

function Thanks({ justSent = false }: { justSent?: boolean }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2.5 rounded-lg border border-green-200 bg-green-50 px-3.5 py-3 text-sm font-medium text-green-800"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {justSent
          ? RATING_MESSAGES.thanks
          : `${RATING_MESSAGES.alreadyRated} ${RATING_MESSAGES.thanks}`}
      </span>
    </p>
  );
}

function RatingForm({ token }: { token: string }) {
  const submitRating = useSubmitRating(token);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [isSent, setIsSent] = useState(false);
  const starsLabelId = useId();
  const starsErrorId = useId();
  const form = useForm<RatingFormInput>({
    resolver: standardSchemaResolver(ratingFormSchema),
    defaultValues: { comment: '' },
  });
  const showServerErrors = useServerErrors(form, ['stars', 'comment']);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await submitRating.mutateAsync(ratingFormSchema.parse(values));
      setIsSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setOutcome({ tone: 'error', message: error.message || RATING_MESSAGES.alreadyRated });
      } else if (!showServerErrors(error)) {
        setOutcome({ tone: 'error', message: errorMessage(error, 'Please try again.') });
      }
    }
  });

  if (isSent) return <Thanks justSent />;
  const isSaving = submitRating.isPending;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormMessage outcome={outcome} />
      <div className="flex flex-col gap-2">
        <p id={starsLabelId} className="text-sm font-medium">
          Your rating
        </p>
        <Controller
          control={form.control}
          name="stars"
          render={({ field }) => (
            <StarRating
              name={field.name}
              value={field.value}
              onChange={(stars) => field.onChange(stars)}
              labelledBy={starsLabelId}
              describedBy={errors.stars ? starsErrorId : undefined}
              isInvalid={Boolean(errors.stars)}
              disabled={isSaving}
            />
          )}
        />
        <FieldError id={errors.stars ? starsErrorId : undefined} message={errors.stars?.message} />
      </div>
      <FormField
        id="rating-comment"
        label="Comment"
        labelNote="Optional"
        hint={`Up to ${RATING_COMMENT_MAX_LENGTH} characters.`}
        error={errors.comment?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('comment')}
            maxLength={RATING_COMMENT_MAX_LENGTH}
            disabled={isSaving}
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:self-start"
        disabled={isSaving}
      >
        {isSaving && <Spinner />}
        {isSaving ? RATING_MESSAGES.sending : RATING_MESSAGES.send}
      </Button>
    </form>
  );
}
