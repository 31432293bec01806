// The booking flow's alerts and answers (the Services page's alert, the slot-taken message),
// without zod: pages that only show them (Services' Pay Now, /checkout-success) must not download
// full zod for a few strings.
export const BOOKING_ALERTS = {
  signInRequired: 'Please sign in to book an appointment.',
  nothingToPay: 'Please select at least one service to proceed.',
  notPayable: 'Payment processing not available for selected service. Please contact us directly.',
  bookingCheckoutFailed: 'Failed to process payment. Please try again.',
  payNowCheckoutFailed: 'Failed to start checkout. Please try again.',
  slotTaken: 'That time was just taken. Please pick another time.',
  /** By technicians' schedules: no one who works that day and covers the area has time then. */
  noTechnicianFree: 'No technician has time for this visit then. Please pick another time.',
  /** The chosen time, offered for any address, does not fit the one typed since. */
  timeNoLongerFits: 'That time no longer fits your address. Choose another time.',
  tooManyHolds:
    'Too many unpaid bookings from your network right now. Please pay for one, or wait ' +
    'half an hour, before booking another.',
} as const;

/** Refusals the server words with one of the spec's alerts, which the page shows as they are. */
export function isBookingAlert(message: string): boolean {
  return message === BOOKING_ALERTS.nothingToPay || message === BOOKING_ALERTS.notPayable;
}

/** A selected service that is not (or no longer) in the catalogue. */
export const SERVICE_UNAVAILABLE =
  'A selected service is no longer available. Please review your selection.';

/** The success page's one answer for a session that is unknown, another customer's, or none. */
export const PAYMENT_NOT_FOUND = "We couldn't find this payment.";
