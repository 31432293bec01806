// The request log never holds a working one-time link: the token of an invitation, a password
// reset or a visit's rating is hidden, the rest of the address kept.
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/lib/log-redaction.ts';

describe('redactUrl', () => {
  it('hides link tokens wherever they sit in the query', () => {
    expect(redactUrl('/set-technician-password?token=abc_DEF-123')).toBe(
      '/set-technician-password?token=[redacted]',
    );
    expect(redactUrl('/reset-password?x=1&token=abc#top')).toBe(
      '/reset-password?x=1&token=[redacted]#top',
    );
    expect(redactUrl('/api/auth/reset-password/abc?callbackURL=%2Freset&TOKEN=z')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset&TOKEN=[redacted]',
    );
    // A visit's rating link, as the page and as its API read it.
    expect(redactUrl('/rate/abc_DEF-123')).toBe('/rate/[redacted]');
    expect(redactUrl('/api/ratings/abc_DEF-123')).toBe('/api/ratings/[redacted]');
    // A maintenance reminder's stop link: the vehicle stays, its signature goes.
    expect(redactUrl('/reminders/stop/5b0c1d2e-0000-4000-8000-000000000001/sig_Nature-1')).toBe(
      '/reminders/stop/5b0c1d2e-0000-4000-8000-000000000001/[redacted]',
    );
  });

  it('keeps addresses without secrets as they are', () => {
    for (const url of ['/api/technicians/working-days?month=2026-12', '/booking', '/?tokens=1']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
