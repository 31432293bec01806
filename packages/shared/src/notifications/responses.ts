// What the dev mailbox's JSON view answers (GET /api/dev/mailbox).
import * as z from 'zod/mini';

export const mailboxMessageSchema = z.object({
  id: z.string(),
  /** 'email', or 'sms' for a text (to an E.164 number, no subject or HTML). */
  channel: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.string(),
  createdAt: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export const mailboxResponseSchema = z.object({ messages: z.array(mailboxMessageSchema) });
