// The booking flow's alerts (SPEC section 8, "Booking alerts", the Services page's alert and
// DESIGN.md's slot-taken message) without zod, for pages that show them but have no booking
// form to validate: the Services page's Pay Now must not download full zod for six strings.
// forms.ts's BOOKING_ALERTS holds the same words; alerts.test.ts keeps the two equal until
// forms.ts takes them from here.
export const BOOKING_ALERT_TEXTS = {
  signInRequired: 'Please sign in to book an appointment.',
  nothingToPay: 'Please select at least one service to proceed.',
  notPayable: 'Payment processing not available for selected service. Please contact us directly.',
  bookingCheckoutFailed: 'Failed to process payment. Please try again.',
  payNowCheckoutFailed: 'Failed to start checkout. Please try again.',
  slotTaken: 'That time was just taken. Please pick another time.',
} as const;
