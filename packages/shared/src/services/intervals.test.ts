import { describe, expect, it } from 'vitest';
import { serviceFormSchema } from './forms.ts';
import { INTERVAL_MILES_INVALID, INTERVAL_MONTHS_INVALID, intervalPhrase } from './intervals.ts';

const service = {
  name: 'Basic Oil Change',
  icon: 'Droplets',
  price: '39.99',
  duration: '30 minutes',
};

function fieldErrors(values: Record<string, unknown>): Record<string, string | undefined> {
  const result = serviceFormSchema.safeParse({ ...service, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('service intervals in the form', () => {
  it('reads typed numbers, commas allowed, empty as none, and absent as absent', () => {
    expect(
      serviceFormSchema.parse({ ...service, intervalMiles: '3,000', intervalMonths: ' 3 ' }),
    ).toMatchObject({ intervalMiles: 3000, intervalMonths: 3 });
    expect(
      serviceFormSchema.parse({ ...service, intervalMiles: '', intervalMonths: null }),
    ).toMatchObject({ intervalMiles: null, intervalMonths: null });
    // Left out is not none: an edit keeps the saved interval (and oil flag), an add has none.
    const absent = serviceFormSchema.parse(service);
    expect(absent.intervalMiles).toBeUndefined();
    expect(absent.intervalMonths).toBeUndefined();
    expect(absent.includesOilChange).toBeUndefined();
    expect(
      serviceFormSchema.parse({ ...service, intervalMiles: 100_000, intervalMonths: 60 }),
    ).toMatchObject({ intervalMiles: 100_000, intervalMonths: 60 });
  });

  it('refuses what is out of range or not a whole number', () => {
    for (const miles of ['99', '100001', '12.5', 'abc', -5, 3000.5, true]) {
      expect(fieldErrors({ intervalMiles: miles }).intervalMiles).toBe(INTERVAL_MILES_INVALID);
    }
    for (const months of ['0', '61', '1.5', 'soon', 0]) {
      expect(fieldErrors({ intervalMonths: months }).intervalMonths).toBe(INTERVAL_MONTHS_INVALID);
    }
  });

  it('words the interval for staff', () => {
    expect(intervalPhrase(3000, 3)).toBe('Every 3,000 miles or 3 months');
    expect(intervalPhrase(null, 12)).toBe('Every 12 months');
    expect(intervalPhrase(null, 1)).toBe('Every month');
    expect(intervalPhrase(7500, 1)).toBe('Every 7,500 miles or 1 month');
    expect(intervalPhrase(5000, null)).toBe('Every 5,000 miles');
    expect(intervalPhrase(null, null)).toBeNull();
  });

  it('states the limits in its messages', () => {
    expect(INTERVAL_MILES_INVALID).toBe(
      'Miles must be a whole number from 100 to 100,000, or empty for none',
    );
    expect(INTERVAL_MONTHS_INVALID).toBe(
      'Months must be a whole number from 1 to 60, or empty for none',
    );
  });
});
