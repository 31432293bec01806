// The application's clock: what "now" is for every business rule (today's date and its cut-off,
// slots, holds, the technician's day, figures by day). The server runs on the system clock; the
// API tests give the app a clock they pin (apps/server/test/harness.ts), so a test that books
// "tomorrow" means the same day whenever it runs. Routes read it once per request and pass that
// moment down. Stamps that only record when a row was written (created_at, updated_at), the
// e-mail outbox's leases, the rate limits and the lifetimes of sessions, reset and invitation
// links (security, not business time) stay on the database's and the system's clocks.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
