// How far ahead a visit may be booked: the last date the booking form offers, and the server's
// refusal of any later one. Apart from forms.ts (zod), so the form's calendar does not bring the
// form's schema with the page.
export const BOOKING_HORIZON_DAYS = 365;
