// An upcoming visit's "Text me about this visit" on My Appointments: the customer's consent to its
// reminder and "on my way" by text, switched per visit. The answer says whether the visit's number
// replied STOP, in which case nothing is texted to it until it replies START.
import { VISIT_MESSAGE_WORDS } from '@pitstop/shared/notifications/visit-texts';
import { useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useSetVisitTexts } from '../api.ts';

interface VisitTextsProps {
  bookingId: string;
  textUpdates: boolean;
  /** Which visit, for a screen reader: e.g. 'Basic Oil Change on Tue, Mar 10 at 9:00 AM'. */
  which: string;
}

interface Answer {
  words: string;
  isStopped: boolean;
}

export function VisitTexts({ bookingId, textUpdates, which }: VisitTextsProps) {
  const id = useId();
  const setTexts = useSetVisitTexts(bookingId);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // While asked, the box shows what the customer chose: kept here from the click itself, since the
  // mutation's own pending state arrives a moment later and the box would spring back meanwhile.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const isChecked = chosen ?? textUpdates;

  const change = (wanted: boolean) => {
    if (chosen !== null) return;
    setChosen(wanted);
    setAnswer(null);
    setRefusal(null);
    setTexts.mutate(wanted, {
      // After the list's copy took the answer (or, refused, still holds what it was).
      onSettled: () => setChosen(null),
      onSuccess: (texts) =>
        setAnswer({
          words: texts.textUpdates ? VISIT_MESSAGE_WORDS.textsOn : VISIT_MESSAGE_WORDS.textsOff,
          isStopped: texts.textsStopped,
        }),
      onError: (error) =>
        setRefusal(errorMessage(error, "We couldn't change your texts. Please try again.")),
    });
  };

  return (
    <div className="mt-3 border-t border-border pt-3">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-texts`}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
          checked={isChecked}
          aria-busy={setTexts.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => change(event.target.checked)}
        />
        <div className="min-w-0">
          <label
            htmlFor={`${id}-texts`}
            className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium"
          >
            {VISIT_MESSAGE_WORDS.textsOptIn}
            <span className="sr-only">: {which}</span>
            {setTexts.isPending && <Spinner className="size-4" />}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {VISIT_MESSAGE_WORDS.textsOptInHint}
          </p>
          {/* Mounted from the start, so what the server answered is announced when it appears. */}
          <div role="status" className="empty:hidden">
            {answer && <p className="mt-2 text-sm font-medium">{answer.words}</p>}
            {answer?.isStopped && (
              <p className="mt-2 rounded-md bg-amber-100 px-2 py-1 text-sm font-medium text-amber-900">
                {VISIT_MESSAGE_WORDS.textsStopped}
              </p>
            )}
          </div>
          <p role="alert" className="mt-2 text-sm font-medium text-destructive empty:hidden">
            {refusal}
          </p>
        </div>
      </div>
    </div>
  );
}
