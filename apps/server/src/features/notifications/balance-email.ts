// A visit's balance (services added on site): the link to pay it, which the technician sends
// from the job card, and the receipt once it is paid.
import { formatPrice } from '@pitstop/shared/money';
import { renderHtml, renderText } from './layout.ts';
import type { MailBody, MailContext } from './layout.ts';
import type { RenderedEmail } from './outbox.ts';
import { formatLongDate } from './visit-mail.ts';

interface VisitBalance {
  customerName: string;
  /** PS-10042. */
  orderNumber: string;
  /** Business-local YYYY-MM-DD of the visit. */
  date: string;
  services: { name: string; priceCents: number }[];
  amountCents: number;
}

function serviceRows(services: VisitBalance['services']): [string, string][] {
  return services.map((service) => [service.name, formatPrice(service.priceCents)]);
}

export function balanceLinkEmail(
  ctx: MailContext,
  input: VisitBalance & { url: string },
): RenderedEmail {
  const body: MailBody = {
    heading: `Hi ${input.customerName}, here is your balance`,
    paragraphs: [
      `Services were added to your visit of ${formatLongDate(input.date)} (order ${input.orderNumber}). ${formatPrice(input.amountCents)} is due; you can pay it online by card.`,
    ],
    details: [...serviceRows(input.services), ['Balance due', formatPrice(input.amountCents)]],
    action: { label: 'Pay balance', url: input.url },
    footnote: `Questions? Call us at ${ctx.business.phone}.`,
  };
  return {
    template: 'balance-link',
    subject: `Your balance of ${formatPrice(input.amountCents)} for order ${input.orderNumber}`,
    html: renderHtml(ctx, body),
    text: renderText(ctx, body),
  };
}

export function balanceReceiptEmail(
  ctx: MailContext,
  input: VisitBalance & { paidAt: string; url: string; stillDueCents: number },
): RenderedEmail {
  const rest =
    input.stillDueCents > 0
      ? `${formatPrice(input.stillDueCents)} is still due for services added since.`
      : 'Nothing more is due.';
  const body: MailBody = {
    heading: `Thank you, ${input.customerName}`,
    paragraphs: [
      `We received ${formatPrice(input.amountCents)} for the services added to your visit of ${formatLongDate(input.date)}. ${rest}`,
    ],
    details: [
      ['Order', input.orderNumber],
      ...serviceRows(input.services),
      ['Paid', formatPrice(input.amountCents)],
      ['Paid on', input.paidAt],
    ],
    action: { label: 'Manage this visit', url: input.url },
    footnote: `Questions? Call us at ${ctx.business.phone}.`,
  };
  return {
    template: 'balance-receipt',
    subject: `Receipt: ${formatPrice(input.amountCents)} paid for order ${input.orderNumber}`,
    html: renderHtml(ctx, body),
    text: renderText(ctx, body),
  };
}
