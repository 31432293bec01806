// A visit cancelled whole: the customer hears what comes back and gets the calendar file that
// removes the event (METHOD:CANCEL, same UID, a higher SEQUENCE); its technicians are told.
import { formatTime12 } from '@pitstop/shared/business/hours';
import { formatPrice } from '@pitstop/shared/money';
import { buildIcs } from './ics.ts';
import { renderHtml, renderText } from './layout.ts';
import type { MailBody, MailContext } from './layout.ts';
import type { RenderedEmail } from './outbox.ts';

export interface VisitCancelled {
  bookingId: string;
  /** Who the message is for: the customer, or a technician who was to do the visit. */
  greetingName: string;
  forCustomer: boolean;
  customerName: string;
  services: string[];
  /** Business-local YYYY-MM-DD and HH:MM. */
  date: string;
  time: string;
  durationMinutes: number;
  address: string;
  refundCents: number;
  feeCents: number;
  /** The calendar file's version, one above the last one sent. */
  sequence: number;
}

function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What the customer gets back, in words. */
function refundSentence(input: VisitCancelled): string {
  if (input.refundCents > 0) {
    const fee =
      input.feeCents > 0 ? ` (less a ${formatPrice(input.feeCents)} cancellation fee)` : '';
    return `${formatPrice(input.refundCents)} is being refunded to your card${fee}; it usually shows within 5 to 10 business days.`;
  }
  return input.feeCents > 0
    ? `As the visit was cancelled late, the ${formatPrice(input.feeCents)} paid is not refunded.`
    : 'Nothing was charged for this visit.';
}

export function visitCancelledEmail(ctx: MailContext, input: VisitCancelled): RenderedEmail {
  const when = `${longDate(input.date)} at ${formatTime12(input.time)}`;
  const body: MailBody = {
    heading: `Hi ${input.greetingName}, a visit is cancelled`,
    paragraphs: [
      input.forCustomer
        ? `Your visit on ${when} is cancelled. ${refundSentence(input)}`
        : `The visit for ${input.customerName} on ${when} is cancelled: it is off your jobs.`,
      'A calendar update that removes it is attached.',
    ],
    details: [
      ['Customer', input.customerName],
      ['Services', input.services.join(', ')],
      ['Date', longDate(input.date)],
      ['Time', formatTime12(input.time)],
      ['Address', input.address],
      ...(input.forCustomer
        ? [['Refund', formatPrice(input.refundCents)] as [string, string]]
        : []),
    ],
    ...(input.forCustomer
      ? { action: { label: 'Book another visit', url: `${ctx.appUrl}/booking` } }
      : {}),
    footnote: `Questions? Call us at ${ctx.business.phone}.`,
  };
  return {
    template: 'visit-cancelled',
    subject: input.forCustomer
      ? `Cancelled: your ${ctx.business.name} visit on ${when}`
      : `Cancelled: the visit for ${input.customerName} on ${when}`,
    html: renderHtml(ctx, body),
    text: renderText(ctx, body),
    attachments: [
      {
        filename: 'appointment.ics',
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
        content: buildIcs({
          uid: `${input.bookingId}@pitstop`,
          date: input.date,
          time: input.time,
          durationMinutes: input.durationMinutes,
          timeZone: ctx.business.timeZone,
          summary: `${ctx.business.name}: ${input.services.join(', ')}`,
          description: `Cancelled: ${input.services.join(', ')}`,
          location: input.address,
          organizer: { name: ctx.business.name, email: ctx.business.email },
          sequence: input.sequence,
          cancelled: true,
        }),
      },
    ],
  };
}
