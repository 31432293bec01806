// How a technician's card reads: rating, next appointment, initials, and the words of the
// Technicians page's outcomes.
import { ratingSummaryWords } from '@pitstop/shared/ratings/words';
import type { TechnicianCard } from '@pitstop/shared/technicians/responses';
import { ApiError, errorMessage } from '../../lib/api.ts';

export const TECHNICIAN_PAGE_MESSAGES = {
  listFailed: 'Failed to load technicians',
  listEmpty: 'No technicians yet',
  noAppointments: 'No appointments',
  notSet: 'Not set',
  /** Why a manager's Edit, Delete and Resend buttons are disabled. */
  adminsOnly: 'Only admins can edit or delete technicians and resend invitations.',
  updated: 'Technician updated successfully!',
  updateFailed: 'Failed to update technician',
  deleted: 'Technician deleted successfully',
  deleteFailed: (message: string) => `Failed to delete technician: ${message}`,
  workingDaysFailed: "Couldn't load working days for this month.",
} as const;

/** "★ 4.7 (12 ratings)", or "No ratings yet". */
export function ratingText(card: Pick<TechnicianCard, 'rating' | 'ratingCount'>): string {
  return ratingSummaryWords(card.rating, card.ratingCount);
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? '?');
  return letters.slice(0, 2).toUpperCase();
}

/** What to call a technician in labels: the name, or the e-mail before one is given. */
export function technicianLabel(card: TechnicianCard): string {
  return card.name.trim() || card.email;
}

/**
 * The server's words for a refusal it understood (a taken e-mail, no permission); otherwise
 * `fallback`: a crash or no connection has nothing the admin can act on beyond trying again.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  const isRefusal =
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== 'UNKNOWN';
  return isRefusal && error.message ? error.message : fallback;
}

export function deleteFailedMessage(error: unknown): string {
  return TECHNICIAN_PAGE_MESSAGES.deleteFailed(errorMessage(error));
}

/** The month (`YYYY-MM`) a date (`YYYY-MM-DD`) falls in. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}
