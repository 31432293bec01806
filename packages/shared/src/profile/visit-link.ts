// The address of one visit on /profile: the visit e-mails link to it, and the profile page reads
// it to bring that visit into view.
import { PATHS } from '../web-routes.ts';

/** The query parameter naming the visit, by its booking id. */
export const VISIT_PARAM = 'visit';

/** `/profile?visit=<bookingId>`, the id encoded. */
export function profileVisitPath(bookingId: string): string {
  return `${PATHS.profile}?${VISIT_PARAM}=${encodeURIComponent(bookingId)}`;
}
