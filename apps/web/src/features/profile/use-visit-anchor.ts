// Opening /profile?visit=<bookingId> (the visit e-mails' "Manage this visit") brings that visit's
// card on My Appointments into view and focuses it, once the list has loaded. Once per arrival:
// the list read again later (on focus, after a change) leaves the page where the customer is.
import { VISIT_PARAM } from '@pitstop/shared/profile/visit-link';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { myAppointmentsQueryOptions } from './api.ts';

/** The id My Appointments gives a visit's card. */
function visitCardId(bookingId: string): string {
  return `visit-${bookingId}`;
}

/**
 * Scrolls to and focuses the card of the visit the page's `?visit=` names. `isListShown`: My
 * Appointments is on the page (the profile around it has loaded).
 */
export function useVisitAnchor(isListShown: boolean): void {
  const location = useLocation();
  const bookingId = new URLSearchParams(location.search).get(VISIT_PARAM);
  const appointments = useQuery(myAppointmentsQueryOptions());
  const isReady = isListShown && appointments.isSuccess;
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (!bookingId || !isReady || handledKey.current === location.key) return;
    handledKey.current = location.key;
    // Not among this account's visits (another's, or cancelled since): the page as it is.
    const card = document.getElementById(visitCardId(bookingId));
    if (!card) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // Centred, so the sticky top bar never covers the card's heading. Optional call: jsdom has
    // no scrolling.
    card.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
    card.focus({ preventScroll: true });
  }, [bookingId, isReady, location.key]);
}
