// The one request to rate a completed visit: who did it, when and what, and the one-time link.
import { renderHtml, renderText } from '../notifications/layout.ts';
import type { MailBody, MailContext } from '../notifications/layout.ts';
import type { RenderedEmail } from '../notifications/outbox.ts';
import { formatLongDate } from '../notifications/visit-mail.ts';

export interface RatingRequest {
  customerName: string;
  technicianFirstName: string | null;
  /** Business-local YYYY-MM-DD. */
  date: string;
  services: string[];
  /** `${APP_URL}/rate/<token>`. */
  link: string;
}

export function ratingRequestEmail(ctx: MailContext, input: RatingRequest): RenderedEmail {
  const when = formatLongDate(input.date);
  const who = input.technicianFirstName ?? 'our technician';
  const body: MailBody = {
    heading: 'How did we do?',
    paragraphs: [
      `Hi ${input.customerName}, thank you for choosing ${ctx.business.name}.`,
      `${who} completed your visit on ${when}: ${input.services.join(', ')}. Please rate it from 1 to 5 stars; a comment is welcome too. It takes a moment and needs no sign-in.`,
    ],
    details: [
      ['Technician', input.technicianFirstName ?? 'Our team'],
      ['Date', when],
      ['Services', input.services.join(', ')],
    ],
    action: { label: 'Rate your visit', url: input.link },
    footnote: 'The link works once. Questions? Reply to this e-mail or call us.',
  };
  return {
    template: 'rating-request',
    subject: `How did we do? Rate your ${ctx.business.name} visit on ${when}`,
    html: renderHtml(ctx, body),
    text: renderText(ctx, body),
  };
}
