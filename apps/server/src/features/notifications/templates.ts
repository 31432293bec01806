// The product's e-mails. Each returns a subject, an HTML and a plain-text part; links are
// absolute, built from APP_URL.
import { formatTime12 } from '@pitstop/shared/business/hours';
import { formatPrice } from '@pitstop/shared/money';
import { renderHtml, renderText } from './layout.ts';
import type { MailBody, MailContext } from './layout.ts';
import type { RenderedEmail } from './outbox.ts';
import { formatLongDate, manageVisitAction, visitCalendarAttachment } from './visit-mail.ts';

function render(
  ctx: MailContext,
  template: string,
  subject: string,
  body: MailBody,
): RenderedEmail {
  return { template, subject, html: renderHtml(ctx, body), text: renderText(ctx, body) };
}

export const INVITATION_DAYS = 7;

export function technicianInvitationEmail(
  ctx: MailContext,
  input: { name: string; link: string; isResend?: boolean },
): RenderedEmail {
  const subject = input.isResend
    ? `Reminder: set up your ${ctx.business.name} technician account`
    : `You're invited to join ${ctx.business.name} as a technician`;
  return render(
    ctx,
    input.isResend ? 'technician-reinvitation' : 'technician-invitation',
    subject,
    {
      heading: `Welcome aboard, ${input.name}`,
      paragraphs: [
        `${ctx.business.name} has invited you to join the team as a technician.`,
        'Set your password to get started. You will then complete a short onboarding and see your daily job list.',
      ],
      action: { label: 'Set your password', url: input.link },
      footnote: `This link works once and expires in ${INVITATION_DAYS} days. If you weren't expecting this, you can ignore this e-mail.`,
    },
  );
}

export function passwordResetEmail(ctx: MailContext, input: { link: string }): RenderedEmail {
  return render(ctx, 'password-reset', `Reset your ${ctx.business.name} password`, {
    heading: 'Reset your password',
    paragraphs: ['We received a request to reset the password for your account.'],
    action: { label: 'Choose a new password', url: input.link },
    footnote:
      "This link expires in 1 hour. If you didn't ask for it, ignore this e-mail: your password stays the same.",
  });
}

export interface BookingConfirmation {
  bookingId: string;
  /** PS-10042, as the success page and the staff's screens show it. */
  orderNumber: string;
  customerName: string;
  services: { name: string; priceCents: number }[];
  date: string;
  time: string;
  durationMinutes: number;
  address: string;
  vehicle: string;
  amountCents: number;
}

export function bookingConfirmationEmail(
  ctx: MailContext,
  input: BookingConfirmation,
): RenderedEmail {
  const when = `${formatLongDate(input.date)} at ${formatTime12(input.time)}`;
  const serviceList = input.services
    .map((s) => `${s.name} (${formatPrice(s.priceCents)})`)
    .join('\n');
  const email = render(
    ctx,
    'booking-confirmation',
    `Your ${ctx.business.name} appointment is confirmed: ${when}`,
    {
      heading: `Thanks, ${input.customerName}: you're booked`,
      paragraphs: [`We'll come to you on ${when}. A calendar invitation is attached.`],
      details: [
        ['Services', serviceList],
        ['Date', formatLongDate(input.date)],
        ['Time', formatTime12(input.time)],
        ['Address', input.address],
        ['Vehicle', input.vehicle],
        ['Amount paid', formatPrice(input.amountCents)],
        ['Order', input.orderNumber],
      ],
      action: manageVisitAction(ctx, input.bookingId),
      footnote: `Need to change something? Call us at ${ctx.business.phone}.`,
    },
  );
  email.attachments = [
    visitCalendarAttachment(ctx, {
      bookingId: input.bookingId,
      date: input.date,
      time: input.time,
      durationMinutes: input.durationMinutes,
      services: input.services.map((s) => s.name),
      description: `Vehicle: ${input.vehicle}\nOrder: ${input.orderNumber}`,
      location: input.address,
    }),
  ];
  return email;
}

export interface JobNotice {
  customerName: string;
  serviceName: string;
  date: string;
  time: string;
  address: string;
  /** Who does the job; null while it is Unassigned (staff may move a job nobody has yet). */
  technicianName: string | null;
}

function jobDetails(input: JobNotice): [string, string][] {
  return [
    ['Service', input.serviceName],
    ['Date', formatLongDate(input.date)],
    ['Time', formatTime12(input.time)],
    ['Address', input.address],
    ...(input.technicianName === null
      ? []
      : [['Technician', input.technicianName] as [string, string]]),
  ];
}

export function technicianAssignedEmail(
  ctx: MailContext,
  input: JobNotice & { technicianName: string },
): RenderedEmail {
  return render(
    ctx,
    'technician-assigned',
    `Your technician for ${formatLongDate(input.date)}: ${input.technicianName}`,
    {
      heading: `Hi ${input.customerName}, meet your technician`,
      paragraphs: [`${input.technicianName} will take care of your ${input.serviceName}.`],
      details: jobDetails(input),
      action: { label: 'View your appointments', url: `${ctx.appUrl}/profile` },
    },
  );
}

export function jobInProgressEmail(ctx: MailContext, input: JobNotice): RenderedEmail {
  return render(ctx, 'job-in-progress', `Your technician is on the way`, {
    heading: 'Your technician is on the way',
    paragraphs: [
      `Hi ${input.customerName}, ${input.technicianName ?? 'our technician'} has started your ${input.serviceName}. Please make sure the vehicle is accessible.`,
    ],
    details: jobDetails(input),
    footnote: `Questions? Call us at ${ctx.business.phone}.`,
  });
}

/**
 * A service done. With the visit's other services (`visit`): what has been done on it so far and
 * what is still to do, so the last one's e-mail lists the whole visit.
 */
export function jobCompletedEmail(
  ctx: MailContext,
  input: JobNotice & {
    visit?: { done: string[]; toDo: string[] };
    /** What the technician recorded: the odometer, and the next due sentence when there is one. */
    record?: { odometerMiles: number; nextDue: string | null } | null;
  },
): RenderedEmail {
  const visitDetails: [string, string][] = input.visit
    ? [
        ['Services done', input.visit.done.join('\n')],
        ...(input.visit.toDo.length > 0
          ? [['Still to do', input.visit.toDo.join('\n')] as [string, string]]
          : []),
      ]
    : [];
  const recordDetails: [string, string][] = input.record
    ? [['Odometer', `${input.record.odometerMiles.toLocaleString('en-US')} miles`]]
    : [];
  return render(ctx, 'job-completed', `Your ${input.serviceName} is complete`, {
    heading: 'Service complete',
    paragraphs: [
      `Hi ${input.customerName}, ${input.technicianName ?? 'our technician'} has finished your ${input.serviceName}. Thank you for choosing ${ctx.business.name}!`,
      ...(input.record?.nextDue ? [`${input.record.nextDue}.`] : []),
    ],
    details: [...jobDetails(input), ...visitDetails, ...recordDetails],
    action: { label: 'Book your next service', url: `${ctx.appUrl}/booking` },
  });
}

/** Staff cancelled one service of a visit (cancelling asks staff to confirm). */
export function appointmentCancelledEmail(ctx: MailContext, input: JobNotice): RenderedEmail {
  const when = `${formatLongDate(input.date)} at ${formatTime12(input.time)}`;
  return render(
    ctx,
    'appointment-cancelled',
    `Your ${input.serviceName} on ${formatLongDate(input.date)} is cancelled`,
    {
      heading: 'Appointment cancelled',
      paragraphs: [
        `Hi ${input.customerName}, your ${input.serviceName} on ${when} has been cancelled.`,
      ],
      details: jobDetails({ ...input, technicianName: null }),
      action: { label: 'View your appointments', url: `${ctx.appUrl}/profile` },
      footnote: `If you paid for it, we will contact you about a refund. Questions? Call us at ${ctx.business.phone}.`,
    },
  );
}

/**
 * Staff took back a service they had cancelled (back to scheduled): the customer, told it was
 * cancelled, hears that it is back on.
 */
export function appointmentRestoredEmail(ctx: MailContext, input: JobNotice): RenderedEmail {
  const when = `${formatLongDate(input.date)} at ${formatTime12(input.time)}`;
  return render(
    ctx,
    'appointment-restored',
    `Your ${input.serviceName} on ${formatLongDate(input.date)} is back on`,
    {
      heading: 'Appointment back on',
      paragraphs: [`Hi ${input.customerName}, your ${input.serviceName} on ${when} is back on.`],
      details: jobDetails(input),
      action: { label: 'View your appointments', url: `${ctx.appUrl}/profile` },
      footnote: `Questions? Call us at ${ctx.business.phone}.`,
    },
  );
}

export interface PayNowReceipt {
  /** PS-10042. */
  orderNumber: string;
  customerName: string;
  serviceName: string;
  amountCents: number;
}

/** A service paid from /services: no date yet, the team calls to schedule it. */
export function payNowReceiptEmail(ctx: MailContext, input: PayNowReceipt): RenderedEmail {
  return render(ctx, 'pay-now-receipt', `Payment received: ${input.serviceName}`, {
    heading: input.customerName
      ? `Thanks, ${input.customerName}: payment received`
      : 'Thanks: payment received',
    paragraphs: [
      `We received your payment for ${input.serviceName}. Our team will contact you to schedule your service.`,
    ],
    details: [
      ['Service', input.serviceName],
      ['Amount paid', formatPrice(input.amountCents)],
      ['Order', input.orderNumber],
    ],
    footnote: `Questions? Call us at ${ctx.business.phone}.`,
  });
}

export interface VisitMoved {
  bookingId: string;
  /** Who the message is for: the customer, or the technician doing the visit. */
  greetingName: string;
  /** The customer's copy links to the visit on their profile; a technician's does not. */
  isForCustomer: boolean;
  customerName: string;
  services: string[];
  from: { date: string; time: string };
  to: { date: string; time: string };
  durationMinutes: number;
  address: string;
  /** The calendar file's version (RFC 5545 SEQUENCE), one above the file sent before. */
  sequence: number;
}

/**
 * A visit moved to another date or time: the new time, and the calendar file again with the same
 * UID and a higher SEQUENCE, so the calendar that imported the first one moves the event.
 */
export function visitMovedEmail(ctx: MailContext, input: VisitMoved): RenderedEmail {
  const when = `${formatLongDate(input.to.date)} at ${formatTime12(input.to.time)}`;
  const before = `${formatLongDate(input.from.date)} at ${formatTime12(input.from.time)}`;
  const email = render(ctx, 'visit-moved', `Your ${ctx.business.name} visit has moved: ${when}`, {
    heading: `Hi ${input.greetingName}, your visit has moved`,
    paragraphs: [
      `The visit planned for ${before} is now on ${when}. An updated calendar invitation is attached.`,
    ],
    details: [
      ['Customer', input.customerName],
      ['Services', input.services.join(', ')],
      ['Date', formatLongDate(input.to.date)],
      ['Time', formatTime12(input.to.time)],
      ['Address', input.address],
    ],
    action: input.isForCustomer ? manageVisitAction(ctx, input.bookingId) : undefined,
    footnote: `Questions? Call us at ${ctx.business.phone}.`,
  });
  email.attachments = [
    visitCalendarAttachment(ctx, {
      bookingId: input.bookingId,
      date: input.to.date,
      time: input.to.time,
      durationMinutes: input.durationMinutes,
      services: input.services,
      description: `Services: ${input.services.join(', ')}`,
      location: input.address,
      sequence: input.sequence,
    }),
  ];
  return email;
}
