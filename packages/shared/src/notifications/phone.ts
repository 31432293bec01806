// Phone numbers as text providers take them: E.164 (+15550104477). Zod-free.

/**
 * A US number in any usual format ('(555) 010-4477', '555.010.4477', '+1 555 010 4477') as
 * E.164; undefined for anything that is not ten digits, or eleven starting with the country
 * code 1.
 */
export function toE164(phone: string): string | undefined {
  // Only digits, spaces and the usual punctuation: a letter or an extension is not a number.
  if (!/^[\d\s().+-]+$/.test(phone)) return undefined;
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
}
