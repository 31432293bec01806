// Where the Services page sends a customer: the booking form with the service preselected, or the
// same form in pay-now mode (SPEC section 2, "Services").

export function bookingPath(serviceId: string): string {
  return `/booking?${new URLSearchParams({ service: serviceId })}`;
}

export function payNowPath(serviceId: string): string {
  return `/booking?${new URLSearchParams({ service: serviceId, pay: '1' })}`;
}

/** SPEC section 6: booking and payment require sign-in. */
export const SIGN_IN_TO_BOOK_MESSAGE = 'Please sign in to book an appointment.';
