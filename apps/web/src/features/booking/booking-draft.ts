// What was typed into the booking form, kept for this tab while a signed-out visitor signs in (they
// go to /login; we bring them back to the form as they left it) and while a customer is on the
// payment page (its Cancel brings them back to the form as it was). Cleared once paid.
import type { BookingForm } from '@pitstop/shared/booking/forms';
import { BOOKING_FIELDS } from './booking-fields.ts';

const DRAFT_KEY = 'pitstop.booking-draft';

/** Every field but the services list, which is kept as a list of ids. */
const TEXT_FIELDS = BOOKING_FIELDS.filter(
  (field): field is Exclude<(typeof BOOKING_FIELDS)[number], 'services'> => field !== 'services',
);

export type BookingDraft = Partial<Pick<BookingForm, (typeof TEXT_FIELDS)[number] | 'services'>>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; the form then simply starts empty after signing in.
    return null;
  }
}

export function saveBookingDraft(values: BookingForm): void {
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Full or refused: losing the draft costs some typing, not the booking.
  }
}

/** The saved draft, keeping only fields of the form with values of the right type. */
export function loadBookingDraft(): BookingDraft | null {
  let data: unknown;
  try {
    data = JSON.parse(storage()?.getItem(DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const draft: BookingDraft = {};
  for (const field of TEXT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') draft[field] = value;
  }
  if (Array.isArray(record.services)) {
    draft.services = record.services.filter((id): id is string => typeof id === 'string');
  }
  return draft;
}

export function clearBookingDraft(): void {
  try {
    storage()?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to do.
  }
}
