// A service's maintenance interval: it is due again after so many miles or months, whichever
// comes first. The limits, their messages and the words staff read. Zod-free: pages load it.

export const MIN_INTERVAL_MILES = 100;
export const MAX_INTERVAL_MILES = 100_000;
export const MIN_INTERVAL_MONTHS = 1;
export const MAX_INTERVAL_MONTHS = 60;

export const INTERVAL_MILES_INVALID = `Miles must be a whole number from ${MIN_INTERVAL_MILES} to ${MAX_INTERVAL_MILES.toLocaleString('en-US')}, or empty for none`;
export const INTERVAL_MONTHS_INVALID = `Months must be a whole number from ${MIN_INTERVAL_MONTHS} to ${MAX_INTERVAL_MONTHS}, or empty for none`;

/** The Add/Edit Service form's oil change checkbox. */
export const SERVICE_OIL_CHANGE_WORDS = {
  label: 'Includes an oil change',
  hint: "Any service that changes the oil starts the oil change's interval again, whatever it is called.",
} as const;

/** "Every 3,000 miles or 3 months", "Every 12 months", "Every month"; null without an interval. */
export function intervalPhrase(miles: number | null, months: number | null): string | null {
  const milesText = miles === null ? null : `${miles.toLocaleString('en-US')} miles`;
  const monthsText = months === null ? null : months === 1 ? '1 month' : `${months} months`;
  if (milesText && monthsText) return `Every ${milesText} or ${monthsText}`;
  if (milesText) return `Every ${milesText}`;
  if (months === 1) return 'Every month';
  return monthsText && `Every ${monthsText}`;
}
