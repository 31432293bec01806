// Phone inputs auto-format as (XXX) XXX-XXXX: digits only, at most 10 digits.

/**
 * A US number's ten digits. No US area code starts with 1, so a leading 1 is the country code
 * however the number arrives (typed as 1…, pasted or autofilled as +1 …) and is dropped.
 */
function nationalDigits(input: string): string {
  const all = input.replace(/\D/g, '');
  return (all.startsWith('1') ? all.slice(1) : all).slice(0, 10);
}

export function formatPhone(input: string): string {
  const digits = nationalDigits(input);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** `tel:` target for a formatted phone. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}
