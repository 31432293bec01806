// Money is integer cents inside the product; dollars appear only at the edges (API `price`, display).

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Parses a dollar amount such as 49.99 into cents; refuses more than two decimals. */
export function dollarsToCents(dollars: number): number {
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) {
    throw new RangeError('A price has at most two decimals');
  }
  return cents;
}

/** `$49.99`, as the spec shows prices and order amounts. */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  // Thousands grouped by hand, as en-US does: toLocaleString's first call sets up ICU's number
  // formatting, several milliseconds of a phone's CPU while the booking page first renders.
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
