// What the local checkout makes of a typed card: Stripe's test numbers decide the outcome
// (4242… pays, 4000 0000 0000 0002 is declined), and malformed input gets Stripe's own messages.
// Nothing here touches money; it only lets the flow be walked end to end without a provider.

export interface CardForm {
  email: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardName: string;
}

export type CardField = keyof CardForm;
export type CardErrors = Partial<Record<CardField, string>>;

export type CardCheck =
  | { outcome: 'approved' }
  | { outcome: 'declined'; message: string }
  | { outcome: 'invalid'; errors: CardErrors };

const CARD_DECLINED = 'Your card was declined.';
const CARD_NUMBER_INVALID = 'Your card number is invalid.';
const EXPIRY_INVALID = "Your card's expiration date is invalid.";
const EXPIRY_PAST = "Your card's expiration date is in the past.";
const CVC_INVALID = "Your card's security code is invalid.";
const EMAIL_INVALID = 'Your email address is invalid.';

// Stripe's test cards that are refused (generic decline, insufficient funds, lost card).
const DECLINED_NUMBERS = new Set(['4000000000000002', '4000000000009995', '4000000000009987']);

/** The Luhn checksum every real card number satisfies. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The number as digits only: people type spaces or dashes between the groups. */
function normaliseCardNumber(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

function cardNumberError(typed: string): string | undefined {
  const digits = normaliseCardNumber(typed);
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) return CARD_NUMBER_INVALID;
  return undefined;
}

/** Accepts MM / YY, MM/YY, MMYY and MM/YYYY; the card is good through its month's last day. */
function expiryError(typed: string, now: Date): string | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return EXPIRY_INVALID;
  const month = Number(match[1]);
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return EXPIRY_INVALID;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const cardMonth = year * 12 + (month - 1);
  if (cardMonth < thisMonth) return EXPIRY_PAST;
  if (cardMonth > thisMonth + 50 * 12) return EXPIRY_INVALID;
  return undefined;
}

export function checkCard(form: CardForm, now: Date = new Date()): CardCheck {
  const errors: CardErrors = {};
  const email = form.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    errors.email = EMAIL_INVALID;
  }
  const numberError = cardNumberError(form.cardNumber);
  if (numberError) errors.cardNumber = numberError;
  const dateError = expiryError(form.expiry, now);
  if (dateError) errors.expiry = dateError;
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = CVC_INVALID;
  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors };
  if (DECLINED_NUMBERS.has(normaliseCardNumber(form.cardNumber))) {
    return { outcome: 'declined', message: CARD_DECLINED };
  }
  return { outcome: 'approved' };
}
