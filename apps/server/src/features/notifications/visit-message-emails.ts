// The e-mails of the messages around a visit: its reminder, and the technician on the way.
import { formatTime12 } from '@pitstop/shared/business/hours';
import { firstNameOf } from '@pitstop/shared/notifications/visit-texts';
import { VISIT_MESSAGE_TEMPLATES } from '@pitstop/shared/notifications/visit-texts';
import { renderHtml, renderText } from './layout.ts';
import type { MailBody, MailContext } from './layout.ts';
import type { RenderedEmail } from './outbox.ts';
import { formatLongDate, manageVisitAction } from './visit-mail.ts';

export interface VisitReminder {
  bookingId: string;
  customerName: string;
  services: string[];
  date: string;
  time: string;
  address: string;
}

function render(ctx: MailContext, template: string, subject: string, body: MailBody) {
  return { template, subject, html: renderHtml(ctx, body), text: renderText(ctx, body) };
}

export function visitReminderEmail(ctx: MailContext, input: VisitReminder): RenderedEmail {
  const when = `${formatLongDate(input.date)} at ${formatTime12(input.time)}`;
  return render(
    ctx,
    VISIT_MESSAGE_TEMPLATES.reminder,
    `Reminder: your ${ctx.business.name} visit on ${when}`,
    {
      heading: `See you soon, ${input.customerName}`,
      paragraphs: [
        `This is a reminder of your visit on ${when}. Please have the vehicle where the technician can reach it.`,
      ],
      details: [
        ['Services', input.services.join('\n')],
        ['Date', formatLongDate(input.date)],
        ['Time', formatTime12(input.time)],
        ['Address', input.address],
      ],
      action: manageVisitAction(ctx, input.bookingId),
      footnote: `Need to change something? Call us at ${ctx.business.phone}.`,
    },
  );
}

export interface OnTheWay {
  bookingId: string;
  customerName: string;
  technicianName: string;
  /** The estimate on the business's clock: `10:40 AM`. */
  arrival: string;
  isLate: boolean;
  services: string[];
  address: string;
}

export function onTheWayEmail(ctx: MailContext, input: OnTheWay): RenderedEmail {
  const technician = firstNameOf(input.technicianName);
  const heading = input.isLate
    ? `${technician} from ${ctx.business.name} is running late, now arriving about ${input.arrival}`
    : `${technician} from ${ctx.business.name} is on the way, arriving about ${input.arrival}`;
  return render(
    ctx,
    input.isLate ? VISIT_MESSAGE_TEMPLATES.runningLate : VISIT_MESSAGE_TEMPLATES.onMyWay,
    heading,
    {
      heading,
      paragraphs: [
        input.isLate
          ? 'Sorry for the wait. Please have the vehicle where the technician can reach it.'
          : `Hi ${input.customerName}, please have the vehicle where the technician can reach it.`,
      ],
      details: [
        ['Services', input.services.join('\n')],
        ['Address', input.address],
        ['Arriving about', input.arrival],
      ],
      action: manageVisitAction(ctx, input.bookingId),
      footnote: `Questions? Call us at ${ctx.business.phone}.`,
    },
  );
}
