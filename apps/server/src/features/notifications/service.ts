// What other features call to send e-mail: render a template with the business's details and
// queue it in the caller's transaction. Also what the dev mailbox reads.
import type { Executor } from '../../db/client.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import type { MailContext } from './layout.ts';
import { queueEmail } from './outbox.ts';
import type { RenderedEmail } from './outbox.ts';
import { findOutboxMessage, listRecentOutboxMessages } from './repository.ts';
import type { OutboxRow } from './repository.ts';

// The dev mailbox shows the newest messages only.
const MAILBOX_SIZE = 200;

async function mailContext(db: Executor, env: Env): Promise<MailContext> {
  const business = await getBusinessProfile(db);
  return { business, appUrl: env.appUrl };
}

/** Renders with the current business profile and queues; returns the outbox id. */
export async function sendEmail(
  db: Executor,
  env: Env,
  to: string,
  render: (ctx: MailContext) => RenderedEmail,
): Promise<string> {
  return queueEmail(db, to, render(await mailContext(db, env)));
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
