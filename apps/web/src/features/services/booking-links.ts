// Where the Services page sends a customer: the booking form with the service preselected. Pay Now
// needs no form: see usePayNowCheckout in api.ts.

export function bookingPath(serviceId: string): string {
  return `/booking?${new URLSearchParams({ service: serviceId })}`;
}
