// Queries for the e-mail outbox: queueing, the dev mailbox's reads, and the sender's claims.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import type { OutboxAttachment } from '../../db/schema.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertOutboxMessage(
  db: Executor,
  values: Pick<
    typeof emailOutbox.$inferInsert,
    'template' | 'toAddress' | 'subject' | 'html' | 'text' | 'attachments'
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
    returning id, to_address, subject, html, text, attachments, attempts`);
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

/** Records a delivery and drops the body; false when the claim had already been taken over. */
export async function markMessageSent(
  db: Executor,
  claim: Pick<ClaimedMessage, 'id' | 'attempts'>,
): Promise<boolean> {
  const marked = await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      lockedUntil: null,
      lastError: null,
      ...WITHOUT_BODY,
    })
    .where(isStillHeld(claim))
    .returning({ id: emailOutbox.id });
  return marked.length > 0;
}

/**
 * Records a failed attempt: back to 'pending' for a retry at `nextAttemptAt`, body kept; or
 * 'failed', body dropped (it will not be sent).
 */
export async function markMessageAttemptFailed(
  db: Executor,
  claim: Pick<ClaimedMessage, 'id' | 'attempts'>,
  outcome: { isFinal: boolean; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: outcome.isFinal ? 'failed' : 'pending',
      lastError: outcome.lastError,
      lockedUntil: null,
      nextAttemptAt: outcome.nextAttemptAt,
      ...(outcome.isFinal ? WITHOUT_BODY : {}),
    })
    .where(isStillHeld(claim));
}
