// Arriving at /admin/technicians with `{ technicianId }` in the navigation state scrolls to that
// technician's card and rings it for 2 s. Keyed by the history entry, so the same arrival
// highlights once, and a new one highlights again.
import { TECHNICIAN_HIGHLIGHT_MS } from '@pitstop/shared/technicians/rules';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

interface TechniciansPageState {
  technicianId: string;
}

function technicianIdOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { technicianId } = state as Partial<TechniciansPageState>;
  return typeof technicianId === 'string' && technicianId !== '' ? technicianId : null;
}

/**
 * The id of the card to ring now, or null. `ids` are the cards on screen (undefined while they
 * load); `elementIdOf` gives the card's element id to scroll to.
 */
export function useArrivalHighlight(
  ids: readonly string[] | undefined,
  elementIdOf: (technicianId: string) => string,
): string | null {
  const location = useLocation();
  const [doneKey, setDoneKey] = useState<string | null>(null);
  const target = technicianIdOf(location.state);
  const highlighted = target && doneKey !== location.key && ids?.includes(target) ? target : null;

  useEffect(() => {
    if (!highlighted) return;
    const card = document.getElementById(elementIdOf(highlighted));
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // To the card's top, below the top bar (its scroll margin): a card taller than the screen
    // would have its name under the bar if centred. Optional call: jsdom has no scrolling.
    card?.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    card?.focus({ preventScroll: true });
    const timer = setTimeout(() => setDoneKey(location.key), TECHNICIAN_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted, location.key, elementIdOf]);

  return highlighted;
}
