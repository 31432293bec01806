// Queries for the outbox of every channel (e-mail and texts): queueing, the dev mailbox's reads,
// the sender's claims and outcomes, STOP'd numbers and the provider's delivery reports.
import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailOutbox, textOptOuts } from '../../db/schema.ts';
import type { OutboxAttachment, OutboxFallback } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertOutboxMessage(
  db: Executor,
  values: Pick<
    typeof emailOutbox.$inferInsert,
    'template' | 'toAddress' | 'subject' | 'html' | 'text' | 'attachments' | 'bookingId'
  >,
): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

export async function listRecentOutboxMessages(db: Executor, limit: number): Promise<OutboxRow[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

export async function findOutboxMessage(db: Executor, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/** A message claimed for sending, with the attempt count that identifies this claim. */
export interface ClaimedMessage {
  id: string;
  channel: 'email' | 'sms';
  template: string;
  booking_id: string | null;
  /** A text's e-mail twin, queued if the text cannot be delivered. */
  fallback: OutboxFallback | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attachments: OutboxAttachment[];
  attempts: number;
}

/**
 * Claims the next due message (pending and due, or sending with a lapsed lease): marks it
 * 'sending', counts the attempt and leases it for `leaseMs`. FOR UPDATE SKIP LOCKED lets several
 * server processes claim at once without taking the same row. The row is picked by a scalar
 * subquery (`id = (…)`, run once) rather than `id in (…)`, which the planner may turn into a join
 * that runs the LIMIT 1 subquery again per row and so claims several rows in one statement.
 */
export async function claimNextDueMessage(
  db: Executor,
  leaseMs: number,
): Promise<ClaimedMessage | undefined> {
  const result = await db.execute(sql`
    update email_outbox set
      status = 'sending',
      attempts = attempts + 1,
      locked_until = now() + ${`${leaseMs} milliseconds`}::interval
    where id = (
      select id from email_outbox
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and locked_until < now())
      order by next_attempt_at, created_at
      limit 1
      for update skip locked
    )
    returning id, channel, template, booking_id, fallback, to_address, subject, html, text,
      attachments, attempts`);
  return (result.rows as unknown as ClaimedMessage[])[0];
}

/**
 * Only while the claim still holds: a claim increments attempts, so a row taken over after its
 * lease ran out has a different count and a stale sender's update matches nothing.
 */
function isStillHeld(claim: Pick<ClaimedMessage, 'id' | 'attempts'>) {
  return and(
    eq(emailOutbox.id, claim.id),
    eq(emailOutbox.status, 'sending'),
    eq(emailOutbox.attempts, claim.attempts),
  );
}

/**
 * What a message that will not be sent again no longer keeps: its body holds reset and
 * invitation links, which a database reader or a backup must not find. Headers stay for the log.
 */
const WITHOUT_BODY = { html: '', text: '', attachments: [] };

/**
 * Records a delivery and the provider's id for it, and drops the body; false when the claim had
 * already been taken over. A text keeps its e-mail twin until the provider reports its delivery.
 */
export async function markMessageSent(
  db: Executor,
  claim: Pick<ClaimedMessage, 'id' | 'attempts'>,
  providerId?: string,
): Promise<boolean> {
  const marked = await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      lockedUntil: null,
      lastError: null,
      ...(providerId === undefined ? {} : { providerId }),
      ...WITHOUT_BODY,
    })
    .where(
      // Also when it was withdrawn while being sent (its visit cancelled meanwhile): it did go.
      and(
        eq(emailOutbox.id, claim.id),
        inArray(emailOutbox.status, ['sending', 'withdrawn']),
        eq(emailOutbox.attempts, claim.attempts),
      ),
    )
    .returning({ id: emailOutbox.id });
  return marked.length > 0;
}

/**
 * Records a failed attempt: back to 'pending' for a retry at `nextAttemptAt`, body kept; or
 * 'failed', body dropped (it will not be sent) and its e-mail twin queued in the same
 * transaction.
 */
export async function markMessageAttemptFailed(
  db: Executor,
  claim: Pick<ClaimedMessage, 'id' | 'attempts' | 'booking_id' | 'fallback'>,
  outcome: { isFinal: boolean; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  if (!outcome.isFinal) {
    await db
      .update(emailOutbox)
      .set({
        status: 'pending',
        lastError: outcome.lastError,
        lockedUntil: null,
        nextAttemptAt: outcome.nextAttemptAt,
      })
      .where(isStillHeld(claim));
    return;
  }
  await endWithFallback(db, claim, 'failed', outcome.lastError);
}

/**
 * Withdraws a claimed text that must not go (its number replied STOP) and queues its e-mail twin,
 * in one transaction; nothing when the claim had been taken over.
 */
export async function withdrawClaimedMessage(
  db: Executor,
  claim: Pick<ClaimedMessage, 'id' | 'attempts' | 'booking_id' | 'fallback'>,
  reason: string,
): Promise<void> {
  await endWithFallback(db, claim, 'withdrawn', reason);
}

async function endWithFallback(
  db: Executor,
  claim: Pick<ClaimedMessage, 'id' | 'attempts' | 'booking_id' | 'fallback'>,
  status: 'failed' | 'withdrawn',
  lastError: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(emailOutbox)
      .set({ status, lastError, lockedUntil: null, fallback: null, ...WITHOUT_BODY })
      .where(isStillHeld(claim))
      .returning({ id: emailOutbox.id });
    if (ended.length > 0 && claim.fallback) {
      await insertFallbackEmail(tx, claim.fallback, claim.booking_id);
    }
  });
}

/**
 * Queues a text's e-mail twin, for the same visit (so withdrawing the visit's messages withdraws
 * it too). Where that visit already has such an e-mail waiting, the twin is not queued again.
 */
async function insertFallbackEmail(
  db: Executor,
  fallback: OutboxFallback,
  bookingId: string | null,
): Promise<void> {
  await db
    .insert(emailOutbox)
    .values({
      channel: 'email',
      template: fallback.template,
      toAddress: fallback.toAddress,
      subject: fallback.subject,
      html: fallback.html,
      text: fallback.text,
      bookingId,
    })
    .onConflictDoNothing();
}

/**
 * Puts a claimed message back, untried, until `at` (a text waiting out quiet hours): pending,
 * and the claim's attempt given back. If a newer reminder of its visit was queued meanwhile
 * (one waits per visit and channel), this one is withdrawn instead.
 */
export async function deferClaimedMessage(
  db: Executor,
  claim: Pick<ClaimedMessage, 'id' | 'attempts'>,
  at: Date,
): Promise<void> {
  try {
    await db
      .update(emailOutbox)
      .set({
        status: 'pending',
        attempts: sql`${emailOutbox.attempts} - 1`,
        lockedUntil: null,
        nextAttemptAt: at,
      })
      .where(isStillHeld(claim));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db
      .update(emailOutbox)
      .set({
        status: 'withdrawn',
        lastError: 'Replaced by a newer reminder',
        lockedUntil: null,
        fallback: null,
        ...WITHOUT_BODY,
      })
      .where(isStillHeld(claim));
  }
}

/** Whether a number (E.164) replied STOP and has not replied START since. */
export async function isPhoneOptedOut(db: Executor, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: textOptOuts.phone })
    .from(textOptOuts)
    .where(eq(textOptOuts.phone, phone));
  return row !== undefined;
}

/** Records a STOP; false when the number had already opted out. */
export async function insertTextOptOut(db: Executor, phone: string): Promise<boolean> {
  const inserted = await db
    .insert(textOptOuts)
    .values({ phone })
    .onConflictDoNothing()
    .returning({ phone: textOptOuts.phone });
  return inserted.length > 0;
}

/** Records a START; false when the number had not opted out. */
export async function deleteTextOptOut(db: Executor, phone: string): Promise<boolean> {
  const deleted = await db
    .delete(textOptOuts)
    .where(eq(textOptOuts.phone, phone))
    .returning({ phone: textOptOuts.phone });
  return deleted.length > 0;
}

/** What the provider reported of a message, as delivery_status keeps it. */
export type DeliveryStatus = 'delivered' | 'undelivered' | 'failed';
const NOT_DELIVERED: DeliveryStatus[] = ['undelivered', 'failed'];

/**
 * Records the provider's report on the message it knows as `providerId`, unless one already said
 * it failed (a later report never overwrites 'undelivered' or 'failed'), so a failure reported
 * twice queues the text's e-mail twin once. Any report drops the twin, queueing it on a failure.
 * Run inside a transaction (the row is locked while it is read). Returns the message's id when
 * the report was recorded.
 */
export async function recordDeliveryStatus(
  tx: Executor,
  providerId: string,
  status: DeliveryStatus,
): Promise<string | undefined> {
  const [row] = await tx
    .select({
      id: emailOutbox.id,
      bookingId: emailOutbox.bookingId,
      fallback: emailOutbox.fallback,
    })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.providerId, providerId),
        or(
          isNull(emailOutbox.deliveryStatus),
          notInArray(emailOutbox.deliveryStatus, NOT_DELIVERED),
        ),
      ),
    )
    .for('update');
  if (!row) return undefined;
  // Checked again under the row's lock: a concurrent report may have recorded a failure first.
  const [updated] = await tx
    .update(emailOutbox)
    .set({ deliveryStatus: status, fallback: null })
    .where(
      and(
        eq(emailOutbox.id, row.id),
        or(
          isNull(emailOutbox.deliveryStatus),
          notInArray(emailOutbox.deliveryStatus, NOT_DELIVERED),
        ),
      ),
    )
    .returning({ id: emailOutbox.id, fallback: emailOutbox.fallback });
  if (!updated) return undefined;
  if (NOT_DELIVERED.includes(status) && row.fallback) {
    await insertFallbackEmail(tx, row.fallback, row.bookingId);
  }
  return row.id;
}
