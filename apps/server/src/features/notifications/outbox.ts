// Queueing e-mail: a row in email_outbox, written inside the caller's transaction, so a change
// that rolls back sends nothing and one that commits is sure to be sent.
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { OutboxAttachment } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { insertOutboxMessage } from './repository.ts';

export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachment[];
}

const recipientSchema = z
  .string()
  .trim()
  .max(254)
  .refine((v) => !/[\r\n]/.test(v), 'Invalid email address')
  .pipe(z.email('Invalid email address'));

/** Refuses anything that is not one plain address (no display names, no header tricks). */
function parseRecipient(address: string): string {
  const parsed = recipientSchema.safeParse(address);
  if (!parsed.success) {
    throw new AppError('VALIDATION', 'Invalid email address', { email: 'Invalid email address' });
  }
  return parsed.data;
}

/** Subjects are single lines: line breaks would let a value start a new header. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/** What a message is about: a visit's messages are listed with it for staff. */
export interface MessageAbout {
  bookingId?: string | null;
}

export async function queueEmail(
  db: Executor,
  to: string,
  email: RenderedEmail,
  about: MessageAbout = {},
): Promise<string> {
  return insertOutboxMessage(db, {
    bookingId: about.bookingId ?? null,
    template: email.template,
    toAddress: parseRecipient(to),
    subject: oneLine(email.subject),
    html: email.html,
    text: email.text,
    attachments: email.attachments ?? [],
  });
}
