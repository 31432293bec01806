// What other features call to send e-mail: render a template with the business's details and
// queue it in the caller's transaction. Also what the dev mailbox reads, and what texts' replies
// and delivery reports change (STOP and START, a text not delivered).
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import type { MailContext } from './layout.ts';
import { queueEmail } from './outbox.ts';
import type { MessageAbout, RenderedEmail } from './outbox.ts';
import {
  deleteTextOptOut,
  findOutboxMessage,
  insertTextOptOut,
  listRecentOutboxMessages,
  recordDeliveryStatus,
} from './repository.ts';
import type { DeliveryStatus, OutboxRow } from './repository.ts';

// The dev mailbox shows the newest messages only.
const MAILBOX_SIZE = 200;

async function mailContext(db: Executor, env: Env): Promise<MailContext> {
  const business = await getBusinessProfile(db);
  return { business, appUrl: env.appUrl };
}

/**
 * Renders with the current business profile and queues; returns the outbox id. A message to a
 * visit's customer names the visit (`about.bookingId`): staff read it with the visit's messages.
 */
export async function sendEmail(
  db: Executor,
  env: Env,
  to: string,
  render: (ctx: MailContext) => RenderedEmail,
  about: MessageAbout = {},
): Promise<string> {
  return queueEmail(db, to, render(await mailContext(db, env)), about);
}

/** The envelope sender: MAIL_FROM, else the business's own address. */
export async function senderAddress(db: Executor, env: Env): Promise<string> {
  if (env.mailFrom) return env.mailFrom;
  const { business } = await mailContext(db, env);
  return `"${business.name.replace(/["\r\n]/g, '')}" <${business.email}>`;
}

/** Queued and sent e-mail, newest first (the dev mailbox). */
export async function listMailboxMessages(db: Executor): Promise<OutboxRow[]> {
  return listRecentOutboxMessages(db, MAILBOX_SIZE);
}

export async function getMailboxMessage(db: Executor, id: string): Promise<OutboxRow> {
  const row = await findOutboxMessage(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such message.');
  return row;
}

/** The business's time zone: quiet hours for texts are kept on its clock. */
export async function businessTimeZone(db: Executor): Promise<string> {
  return (await getBusinessProfile(db)).timeZone;
}

// The carriers' opt-out and opt-in keywords (Twilio answers them itself).
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
]);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

/**
 * A text a customer sent the business's number: STOP and its synonyms keep the number off texts,
 * START and its synonyms put it back; each change audited. Anything else changes nothing.
 */
export async function recordTextReply(
  db: Db,
  phone: string,
  body: string,
): Promise<'opted-out' | 'opted-in' | 'ignored'> {
  const word = body.trim().toUpperCase();
  const isStop = STOP_WORDS.has(word);
  if (!isStop && !START_WORDS.has(word)) return 'ignored';
  return db.transaction(async (tx) => {
    const changed = isStop ? await insertTextOptOut(tx, phone) : await deleteTextOptOut(tx, phone);
    if (changed) {
      await recordAudit(tx, null, {
        action: isStop ? 'texts.opted_out' : 'texts.opted_in',
        entity: 'text_opt_out',
        entityId: phone,
        details: { keyword: word, source: 'twilio inbound' },
      });
    }
    return isStop ? 'opted-out' : 'opted-in';
  });
}

const REPORTED_STATUSES: ReadonlySet<string> = new Set<DeliveryStatus>([
  'delivered',
  'undelivered',
  'failed',
]);

/**
 * The provider's report on a text it accepted: delivered, undelivered or failed is recorded
 * (others, such as queued and sent, are not); a text not delivered is replaced by its e-mail twin,
 * once however many times it is reported.
 */
export async function recordTextDelivery(
  db: Db,
  providerId: string,
  status: string,
): Promise<boolean> {
  if (!REPORTED_STATUSES.has(status)) return false;
  const deliveryStatus = status as DeliveryStatus;
  return db.transaction(async (tx) => {
    const id = await recordDeliveryStatus(tx, providerId, deliveryStatus);
    if (id && deliveryStatus !== 'delivered') {
      await recordAudit(tx, null, {
        action: 'texts.not_delivered',
        entity: 'email_outbox',
        entityId: id,
        details: { providerId, status: deliveryStatus, source: 'twilio status' },
      });
    }
    return id !== undefined;
  });
}
