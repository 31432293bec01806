// The frame every e-mail shares: escaped HTML with the business's name and contacts, and a
// plain-text twin. Values are escaped where they are interpolated, never trusted.
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { escapeHtml } from '../../lib/html.ts';

export interface MailContext {
  business: Pick<BusinessProfile, 'name' | 'phone' | 'email' | 'timeZone'>;
  appUrl: string;
}

export interface MailBody {
  heading: string;
  paragraphs: string[];
  /** Label/value rows, e.g. the booking's details. */
  details?: [string, string][];
  action?: { label: string; url: string };
  footnote?: string;
  /** A link that stops messages of this kind (shown last, as a link in the HTML). */
  unsubscribe?: { label: string; url: string };
}

export function renderHtml(ctx: MailContext, body: MailBody): string {
  const b = ctx.business;
  const paragraphs = body.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
    .join('');
  const details = body.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${body.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:#475569;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:6px 0;color:#0f172a">${escapeHtml(value).replaceAll('\n', '<br>')}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(body.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this link: <a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const footnote = body.footnote
    ? `<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(body.footnote)}</p>`
    : '';
  const unsubscribe = body.unsubscribe
    ? `<p style="margin:0;font-size:13px;color:#475569"><a href="${escapeHtml(body.unsubscribe.url)}">${escapeHtml(body.unsubscribe.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px"><div style="font-size:20px;font-weight:700;color:#1e3a8a;margin-bottom:16px">${escapeHtml(b.name)}</div><div style="background:#ffffff;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(body.heading)}</h1>${paragraphs}${details}${action}${footnote}${unsubscribe}</div><p style="font-size:12px;color:#475569;margin-top:16px">${escapeHtml(b.name)} · ${escapeHtml(b.phone)} · <a href="mailto:${escapeHtml(b.email)}">${escapeHtml(b.email)}</a><br><a href="${escapeHtml(ctx.appUrl)}/">${escapeHtml(ctx.appUrl)}</a></p></div></body></html>`;
}

export function renderText(ctx: MailContext, body: MailBody): string {
  const b = ctx.business;
  const lines = [body.heading, '', ...body.paragraphs.flatMap((p) => [p, ''])];
  if (body.details?.length) {
    for (const [label, value] of body.details)
      lines.push(`${label}: ${value.replaceAll('\n', ', ')}`);
    lines.push('');
  }
  if (body.action) lines.push(`${body.action.label}: ${body.action.url}`, '');
  if (body.footnote) lines.push(body.footnote, '');
  if (body.unsubscribe) lines.push(`${body.unsubscribe.label}: ${body.unsubscribe.url}`, '');
  lines.push('--', b.name, `${b.phone} · ${b.email}`, `${ctx.appUrl}/`);
  return lines.join('\n');
}
