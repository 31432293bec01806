// The short number people quote for a booking: on the success page, in its e-mails and on the
// staff's screens. The database gives each booking the next number of a sequence; this is how it
// is written and read back.

const ORDER_NUMBER_PREFIX = 'PS-';

/** `PS-10042`: how every screen and e-mail writes a booking's order number. */
export function formatOrderNumber(orderNumber: number): string {
  return `${ORDER_NUMBER_PREFIX}${orderNumber}`;
}

/** The largest number a search may name: the column is a PostgreSQL integer. */
const ORDER_NUMBER_MAX = 2_147_483_647;

/**
 * The order number a search text names, or null: `PS-10042` as written, in any case, with or
 * without the dash or a leading `#`, or the bare digits `10042`.
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*(?:ps-?|#)?\s*(\d{1,10})\s*$/i.exec(text);
  if (!match) return null;
  const orderNumber = Number(match[1]);
  return orderNumber >= 1 && orderNumber <= ORDER_NUMBER_MAX ? orderNumber : null;
}
