// Queries for the messages about one visit: queueing them with a not-before time, withdrawing
// what has not gone, and staff's read of a visit's messages.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

export type VisitMessageInsert = Pick<
  typeof emailOutbox.$inferInsert,
  | 'channel'
  | 'template'
  | 'toAddress'
  | 'subject'
  | 'html'
  | 'text'
  | 'attachments'
  | 'bookingId'
  | 'fallback'
  | 'nextAttemptAt'
>;

export async function insertVisitMessage(
  db: Executor,
  values: VisitMessageInsert,
): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/**
 * Withdraws a visit's messages of these kinds that have not gone: waiting, or claimed by a sender
 * (one that crashed would have it taken over when its lease ran out; one sending it right now
 * records it sent all the same, see markMessageSent).
 */
export async function withdrawPendingVisitMessages(
  db: Executor,
  bookingId: string,
  templates: readonly string[],
  reason: string,
): Promise<number> {
  const withdrawn = await db
    .update(emailOutbox)
    .set({
      status: 'withdrawn',
      lastError: reason,
      html: '',
      text: '',
      attachments: [],
      fallback: null,
    })
    .where(
      and(
        eq(emailOutbox.bookingId, bookingId),
        inArray(emailOutbox.status, ['pending', 'sending']),
        inArray(emailOutbox.template, [...templates]),
      ),
    )
    .returning({ id: emailOutbox.id });
  return withdrawn.length;
}

/** What staff see of a visit's messages, newest first. */
export async function listVisitMessageRows(db: Executor, bookingId: string, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      channel: emailOutbox.channel,
      template: emailOutbox.template,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      providerId: emailOutbox.providerId,
      deliveryStatus: emailOutbox.deliveryStatus,
      lastError: emailOutbox.lastError,
      notBefore: emailOutbox.nextAttemptAt,
      sentAt: emailOutbox.sentAt,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.bookingId, bookingId))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}

/** Of these visits, those that ever had a reminder queued (sent, waiting or withdrawn). */
export async function listBookingsWithReminders(
  db: Executor,
  bookingIds: readonly string[],
  template: string,
): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ bookingId: emailOutbox.bookingId })
    .from(emailOutbox)
    .where(
      and(inArray(emailOutbox.bookingId, [...bookingIds]), eq(emailOutbox.template, template)),
    );
  return new Set(rows.flatMap((row) => (row.bookingId ? [row.bookingId] : [])));
}
