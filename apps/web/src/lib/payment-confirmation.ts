// How long a page waits for a payment the provider is still confirming: /checkout-success for a
// booking, a visit on /profile for its balance. It asks again every CONFIRMING_POLL_MS while the
// payment is being confirmed, for at most CONFIRMING_LIMIT_MS counted from its first answer, then
// says the payment has not gone through yet.
export const CONFIRMING_POLL_MS = 2_000;
export const CONFIRMING_LIMIT_MS = 30_000;
