// The staff's appointment search: the filter and the orders, one page of the matches and their
// ids up to a cap. A text is matched first among the distinct customer and service names
// (appointment_search_terms, trigram-indexed), then on the appointments carrying them; a text
// that names an order number also finds that visit. Every order reads an index in its own order. The query builders are exported so their plans can be
// checked.
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { appointments, appointmentSearchTerms } from '../../db/schema.ts';
import {
  listedAppointmentColumns,
  ofOrderNumber,
  type ListedAppointmentRow,
} from '../../db/appointment-row.ts';
import type { AppointmentRow } from '../visits/shape.ts';

/** What the staff's search narrows to; every part left null (or false) narrows nothing. */
export interface AppointmentSearchFilter {
  /** Matched anywhere in the customer's or the service's name, case ignored; taken literally. */
  text: string | null;
  /** The order number the text names (PS-10042, or its digits): that visit matches too. */
  orderNumber: number | null;
  statuses: AppointmentRow['status'][] | null;
  /** Business-local dates: from (inclusive) and before (exclusive). */
  dateFrom: string | null;
  dateBefore: string | null;
  /**
   * Moments around those dates, never narrower than them: they let appointments_starts_idx (the
   * sorts' order) scan only that span instead of walking the table from one end. The dates stay
   * the rule; these only have to hold every row the dates do.
   */
  startsFrom: Date | null;
  startsBefore: Date | null;
  overCapacity: boolean;
  balanceDue: boolean;
}

export type AppointmentSearchOrder = 'date-desc' | 'date-asc' | 'customer';

/** LIKE's wildcards and its escape character, taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const unpaid = alias(appointments, 'unpaid');

/** ILIKE's pattern for text found anywhere. */
function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}

function searchCondition(db: Executor, filter: AppointmentSearchFilter) {
  return and(
    filter.text
      ? or(
          ilike(appointments.customerName, containing(filter.text)),
          ilike(appointments.serviceName, containing(filter.text)),
          filter.orderNumber === null ? undefined : ofOrderNumber(filter.orderNumber),
        )
      : undefined,
    filter.statuses ? inArray(appointments.status, filter.statuses) : undefined,
    filter.dateFrom ? gte(appointments.appointmentDate, filter.dateFrom) : undefined,
    filter.dateBefore ? lt(appointments.appointmentDate, filter.dateBefore) : undefined,
    filter.startsFrom ? gte(appointments.startsAt, filter.startsFrom) : undefined,
    filter.startsBefore ? lt(appointments.startsAt, filter.startsBefore) : undefined,
    filter.overCapacity ? eq(appointments.overCapacity, true) : undefined,
    // Every service of a visit that owes: the unpaid ones come from appointments_unpaid_idx.
    filter.balanceDue
      ? inArray(
          appointments.bookingId,
          db
            .select({ bookingId: unpaid.bookingId })
            .from(unpaid)
            .where(and(eq(unpaid.paid, false), ne(unpaid.status, 'cancelled'))),
        )
      : undefined,
  );
}

// appointments_starts_idx serves both date orders; appointments_customer_idx the customer one.
const SEARCH_ORDER = {
  'date-desc': [desc(appointments.startsAt), asc(appointments.id)],
  'date-asc': [asc(appointments.startsAt), asc(appointments.id)],
  customer: [asc(appointments.customerName), desc(appointments.startsAt), asc(appointments.id)],
} as const;

/**
 * The query of one page of the matches, in a stable order (the id breaks ties); awaiting it runs
 * it. Kept apart so its plan can be checked.
 */
export function searchAppointmentRowsQuery(
  db: Executor,
  filter: AppointmentSearchFilter,
  order: AppointmentSearchOrder,
  page: { offset: number; limit: number },
) {
  return db
    .select(listedAppointmentColumns)
    .from(appointments)
    .where(searchCondition(db, filter))
    .orderBy(...SEARCH_ORDER[order])
    .offset(page.offset)
    .limit(page.limit);
}

/** One page of the matches, in a stable order (the id breaks ties). */
export async function searchAppointmentRows(
  db: Executor,
  filter: AppointmentSearchFilter,
  order: AppointmentSearchOrder,
  page: { offset: number; limit: number },
): Promise<ListedAppointmentRow[]> {
  return searchAppointmentRowsQuery(db, filter, order, page);
}

/** The customer and service names (appointment_search_terms) containing `text`, at most `cap`. */
async function findMatchingTerms(db: Executor, text: string, cap: number): Promise<string[]> {
  const rows = await db
    .select({ term: appointmentSearchTerms.term })
    .from(appointmentSearchTerms)
    .where(ilike(appointmentSearchTerms.term, containing(text)))
    .limit(cap);
  return rows.map((row) => row.term);
}

/**
 * The ids of the rows that match, no more than `cap` of them, in no particular order. The text
 * is looked for among the distinct names first (a trigram index over tens of thousands of names,
 * not a million appointments), then the appointments carrying those names are read through
 * b-trees on the names, each side stopping at the cap. A text so common that `cap` names hold
 * it is matched on the rows themselves: its matches are dense, and the scan stops early. A text
 * naming an order number adds that visit's appointments, found by the booking's unique number.
 */
export async function findMatchingIds(
  db: Executor,
  filter: AppointmentSearchFilter,
  cap: number,
): Promise<string[]> {
  const terms = filter.text ? await findMatchingTerms(db, filter.text, cap) : [];
  if (filter.text === null || terms.length === cap) {
    const rows = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(searchCondition(db, filter))
      .limit(cap);
    return rows.map((row) => row.id);
  }
  const byNumber =
    filter.orderNumber === null ? [] : await idsOfOrderQuery(db, filter.orderNumber, filter, cap);
  const byName = terms.length === 0 ? [] : await idsCarryingQuery(db, terms, filter, cap);
  return [...new Set([...byNumber, ...byName].map((row) => row.id))].slice(0, cap);
}

/** The ids of the visit numbered `orderNumber`'s appointments that match the filter's other parts. */
function idsOfOrderQuery(
  db: Executor,
  orderNumber: number,
  filter: AppointmentSearchFilter,
  cap: number,
) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(ofOrderNumber(orderNumber), searchCondition(db, { ...filter, text: null })))
    .limit(cap);
}

/**
 * The query of the ids of rows carrying one of `terms` as customer or service name (and
 * matching the filter's other parts), at most `cap`; awaiting it runs it. Kept apart so its
 * plan can be checked.
 */
export function idsCarryingQuery(
  db: Executor,
  terms: string[],
  filter: AppointmentSearchFilter,
  cap: number,
) {
  const others = searchCondition(db, { ...filter, text: null });
  const idsWhere = (condition: ReturnType<typeof and>) =>
    db.select({ id: appointments.id }).from(appointments).where(condition).limit(cap);
  return union(
    idsWhere(and(inArray(appointments.customerName, terms), others)),
    idsWhere(and(inArray(appointments.serviceName, terms), others)),
  ).limit(cap);
}

/**
 * One page of the rows with these ids that still match (a row whose status or date changed
 * since the ids were read drops out, as it would from one query), in a stable order (the id
 * breaks ties). The text is not matched again: the ids came from it, and matching it on the rows
 * could only send the planner scanning.
 */
export async function pageOfIds(
  db: Executor,
  ids: readonly string[],
  filter: AppointmentSearchFilter,
  order: AppointmentSearchOrder,
  page: { offset: number; limit: number },
): Promise<ListedAppointmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(listedAppointmentColumns)
    .from(appointments)
    .where(and(inArray(appointments.id, [...ids]), searchCondition(db, { ...filter, text: null })))
    .orderBy(...SEARCH_ORDER[order])
    .offset(page.offset)
    .limit(page.limit);
}
