// The booking form's resolver fetches the shared schema on first use: the first validation waits
// for it and gives the spec's messages, and a failed fetch is reported and tried again.
import { BOOKING_MESSAGES } from '@pitstop/shared/booking/forms';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_BOOKING } from './booking-form.ts';
import type { bookingResolver } from './booking-resolver.ts';

// What react-hook-form passes at a submit of the whole form (no field refs needed here).
const OPTIONS: Parameters<typeof bookingResolver>[2] = {
  fields: {},
  shouldUseNativeValidation: false,
};

/** A fresh copy of the module: nothing fetched yet. */
async function freshResolver() {
  vi.resetModules();
  return import('./booking-resolver.ts');
}

afterEach(() => {
  vi.doUnmock('@pitstop/shared/booking/forms');
});

describe('bookingResolver', () => {
  it('validates on its first call, before anything fetched the schema, with the spec messages', async () => {
    const { bookingResolver } = await freshResolver();
    const { errors, values } = await bookingResolver(EMPTY_BOOKING, undefined, OPTIONS);

    expect(values).toEqual({});
    expect(errors.services?.message).toBe(BOOKING_MESSAGES.services);
    expect(errors.date?.message).toBe(BOOKING_MESSAGES.date);
    expect(errors.firstName?.message).toBe(BOOKING_MESSAGES.firstName);
    expect(errors.licensePlate?.message).toBe(BOOKING_MESSAGES.licensePlate);
  });

  it('fetches the schema once however many validations wait for it', async () => {
    const { bookingResolver, loadBookingResolver } = await freshResolver();
    const first = loadBookingResolver();
    expect(loadBookingResolver()).toBe(first);
    await Promise.all([
      bookingResolver(EMPTY_BOOKING, undefined, OPTIONS),
      bookingResolver(EMPTY_BOOKING, undefined, OPTIONS),
    ]);
    expect(loadBookingResolver()).toBe(first);
  });

  it('rejects when the schema cannot be fetched, and the next validation tries again', async () => {
    vi.doMock('@pitstop/shared/booking/forms', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { bookingResolver } = await freshResolver();
    await expect(bookingResolver(EMPTY_BOOKING, undefined, OPTIONS)).rejects.toThrow();

    vi.doUnmock('@pitstop/shared/booking/forms');
    const { errors } = await bookingResolver(EMPTY_BOOKING, undefined, OPTIONS);
    expect(errors.services?.message).toBe(BOOKING_MESSAGES.services);
  });
});
