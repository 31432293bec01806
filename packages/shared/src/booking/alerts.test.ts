import { describe, expect, it } from 'vitest';
import { BOOKING_ALERT_TEXTS } from './alerts.ts';
import { BOOKING_ALERTS } from './forms.ts';

describe('the booking alerts', () => {
  it('say the same words with or without zod', () => {
    expect(BOOKING_ALERT_TEXTS).toEqual(BOOKING_ALERTS);
  });
});
