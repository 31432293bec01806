// The dev mailbox: without SMTP_URL, queued e-mail and texts are read here instead of being
// delivered (texts are queued only where they can leave: notifications/visit-messages.ts). It
// holds every account's reset and invitation links, so only the super admin may open it, on every
// server. With SMTP_URL there is no mailbox: mail leaves, and nobody reads it here.
import { mailboxResponseSchema } from '@pitstop/shared/notifications/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { OutboxRow } from './repository.ts';
import { getMailboxMessage, listMailboxMessages } from './service.ts';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}main{max-width:960px;margin:0 auto;padding:24px}table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e2e8f0;vertical-align:top}a{color:#1d4ed8}.meta{color:#475569;font-size:14px}</style></head><body><main>${body}</main></body></html>`;
}

const MAILBOX_OFF = 'The dev mailbox is off: e-mail is sent through SMTP.';

/** What the mailbox calls a message: an e-mail by its subject, a text by its number. */
function titleOf(row: OutboxRow): string {
  return row.channel === 'sms' ? `Text to ${row.toAddress}` : row.subject;
}

/** With SMTP_URL set: every mailbox address is 404, and the page says why. */
async function mailboxOffRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/dev/mailbox',
    { schema: { hide: true }, config: { access: 'public' } },
    async () => {
      throw new AppError('NOT_FOUND', MAILBOX_OFF);
    },
  );
  for (const url of ['/dev/mailbox', '/dev/mailbox/*']) {
    app.get(
      url,
      { schema: { hide: true }, config: { access: 'public' } },
      async (_request, reply) =>
        reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(page('Dev mailbox', `<h1>Dev mailbox</h1><p>${MAILBOX_OFF}</p>`)),
    );
  }
}

export async function mailboxRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;
  if (env.smtpUrl) return mailboxOffRoutes(app);
  const access = 'mailbox:read' as const;
  const idParams = z.object({ id: z.uuid('No such message.') });

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Queued e-mail, newest first (dev mailbox)',
        response: { 200: mailboxResponseSchema },
      },
      config: { access },
    },
    async () => {
      const rows = await listMailboxMessages(db);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          template: row.template,
          to: row.toAddress,
          subject: row.subject,
          text: row.text,
          html: row.html,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          attachments: row.attachments.map(({ filename, contentType }) => ({
            filename,
            contentType,
          })),
        })),
      };
    },
  );

  app.get(
    '/dev/mailbox',
    { schema: { hide: true }, config: { access } },
    async (_request, reply) => {
      const rows = await listMailboxMessages(db);
      const items = rows
        .map(
          (row) =>
            `<tr><td><a href="/dev/mailbox/${row.id}">${escapeHtml(titleOf(row))}</a></td><td>${escapeHtml(row.toAddress)}</td><td class="meta">${escapeHtml(row.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</td><td class="meta">${escapeHtml(row.status)}</td></tr>`,
        )
        .join('');
      const body = `<h1>Dev mailbox</h1><p class="meta">E-mail and texts are kept here because SMTP_URL is not set.</p>${
        rows.length
          ? `<table><thead><tr><th scope="col">Subject or text</th><th scope="col">To</th><th scope="col">Time</th><th scope="col">Status</th></tr></thead><tbody>${items}</tbody></table>`
          : '<p>No messages yet.</p>'
      }`;
      return reply.type('text/html; charset=utf-8').send(page('Dev mailbox', body));
    },
  );

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: idParams }, config: { access } },
    async (request, reply) => {
      const row = await getMailboxMessage(db, request.params.id);
      const attachments = row.attachments
        .map(
          (a, i) =>
            `<li><a href="/dev/mailbox/${row.id}/attachments/${i}">${escapeHtml(a.filename)}</a></li>`,
        )
        .join('');
      const title = titleOf(row);
      const head = `<p><a href="/dev/mailbox">← All messages</a></p><h1>${escapeHtml(title)}</h1><p class="meta">To ${escapeHtml(row.toAddress)} · ${escapeHtml(row.createdAt.toISOString())} · ${escapeHtml(row.status)}</p>`;
      const text = `<pre style="white-space:pre-wrap">${escapeHtml(row.text)}</pre>`;
      // A text is its text alone. An e-mail's own HTML is our template output, with every value
      // escaped when rendered.
      const body =
        row.channel === 'sms'
          ? `${head}<h2>Text</h2>${text}`
          : `${head}${attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : ''}<section aria-label="Message">${row.html.replace(/^[\s\S]*<body[^>]*>|<\/body>[\s\S]*$/g, '')}</section><h2>Plain text</h2>${text}`;
      return reply.type('text/html; charset=utf-8').send(page(title, body));
    },
  );

  app.get(
    '/dev/mailbox/:id/attachments/:index',
    {
      schema: { hide: true, params: idParams.extend({ index: z.coerce.number().int().min(0) }) },
      config: { access },
    },
    async (request, reply) => {
      const row = await getMailboxMessage(db, request.params.id);
      const attachment = row.attachments[request.params.index];
      if (!attachment) throw new AppError('NOT_FOUND', 'No such attachment.');
      return reply
        .type(attachment.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, '_')}"`,
        )
        .send(attachment.content);
    },
  );
}
