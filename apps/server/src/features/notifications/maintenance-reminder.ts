// A vehicle's maintenance reminder: an e-mail with a link that opens /booking with the service and
// the vehicle chosen, and a text as well for a customer who agreed to texts at the vehicle's last
// visit. Queued in the caller's transaction; the sender keeps texts out of quiet hours.
import type { NextDue } from '@pitstop/shared/vehicles/next-due';
import { dueServiceLabel, formatDueDate, nextDueSentence } from '@pitstop/shared/vehicles/next-due';
import { toE164 } from '@pitstop/shared/notifications/phone';
import type { Executor } from '../../db/client.ts';
import type { Env } from '../../lib/env.ts';
import { getBusinessProfile } from '../business/service.ts';
import { renderHtml, renderText } from './layout.ts';
import type { MailBody, MailContext } from './layout.ts';
import { insertVisitMessage } from './message-repository.ts';
import { queueEmail } from './outbox.ts';
import type { RenderedEmail } from './outbox.ts';
import { canSendTexts, isTextStopped } from './visit-messages.ts';

const MAINTENANCE_REMINDER_TEMPLATE = 'maintenance-reminder';

/** The longest text that still fits one GSM-7 segment. */
const TEXT_MAX = 160;

export interface MaintenanceReminder {
  vehicleId: string;
  /** "2019 Toyota 4Runner". */
  vehicleName: string;
  customerName: string;
  email: string;
  /** The phone of the vehicle's last visit, and whether its customer agreed to texts then. */
  phone: string | null;
  textsConsented: boolean;
  due: NextDue;
  /** The business's today: whether the service is overdue. */
  today: string;
  /** The one-click link that stops this vehicle's reminders (vehicles/reminder-opt-out.ts). */
  stopUrl: string;
}

/** /booking with the service and the vehicle chosen (the page fills the rest from the account). */
function maintenanceBookingUrl(appUrl: string, serviceId: string | null, vehicleId: string) {
  const query = new URLSearchParams();
  if (serviceId !== null) query.set('service', serviceId);
  query.set('vehicle', vehicleId);
  return `${appUrl}/booking?${query.toString()}`;
}

function subjectOf(input: MaintenanceReminder): string {
  const service = dueServiceLabel(input.due);
  return input.due.dueOn < input.today
    ? `Your ${input.vehicleName} is overdue for ${withArticle(service)}`
    : `Your ${input.vehicleName} is due for ${withArticle(service)}`;
}

/** "an oil change", "a Battery Service". */
function withArticle(service: string): string {
  return `${/^[aeiou]/i.test(service) ? 'an' : 'a'} ${service}`;
}

function maintenanceReminderEmail(ctx: MailContext, input: MaintenanceReminder): RenderedEmail {
  const subject = subjectOf(input);
  const body: MailBody = {
    heading: subject,
    paragraphs: [
      `Hi ${input.customerName}, going by your ${input.vehicleName}'s service history with ${ctx.business.name}, ${input.due.dueOn < input.today ? 'its next service is due' : 'its next service is coming up'}.`,
      `${nextDueSentence(input.due)}.`,
    ],
    details: [
      ['Vehicle', input.vehicleName],
      ['Service', input.due.serviceName],
      ['Due by', formatDueDate(input.due.dueOn)],
    ],
    action: {
      label: 'Book it now',
      url: maintenanceBookingUrl(ctx.appUrl, input.due.serviceId, input.vehicleId),
    },
    footnote: `Already taken care of? Just ignore this message. Questions? Call us at ${ctx.business.phone}.`,
    unsubscribe: { label: 'Stop these reminders', url: input.stopUrl },
  };
  return {
    template: MAINTENANCE_REMINDER_TEMPLATE,
    subject,
    html: renderHtml(ctx, body),
    text: renderText(ctx, body),
  };
}

/** Plain printable ASCII, a subset of GSM-7: one segment holds 160 characters. */
function plainAscii(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E]/g, '');
}

/**
 * The reminder as a text of one segment: the vehicle named when it fits, the booking page's
 * address rather than the long link (the e-mail carries that).
 */
function maintenanceReminderText(
  business: { name: string; phone: string },
  appUrl: string,
  input: Pick<MaintenanceReminder, 'vehicleName' | 'due' | 'today'>,
): string {
  const service = withArticle(dueServiceLabel(input.due));
  const when = formatDueDate(input.due.dueOn);
  // Past its date it is overdue, not due "by" a day gone (the e-mail names the date).
  const status =
    input.due.dueOn < input.today
      ? `is overdue for ${service}`
      : `is due for ${service} by ${when}`;
  const words = (vehicle: string) =>
    plainAscii(
      `${business.name}: your ${vehicle} ${status}. Book at ${appUrl}/booking or call ${business.phone}. Reply STOP to opt out.`,
    );
  const named = words(input.vehicleName);
  return named.length <= TEXT_MAX ? named : words('vehicle');
}

/**
 * Queues the reminder in the caller's transaction: the e-mail always, a text as well when the
 * customer agreed, texts can leave and the number has not replied STOP.
 */
export async function queueMaintenanceReminder(
  tx: Executor,
  env: Env,
  input: MaintenanceReminder,
  now: Date,
): Promise<{ textQueued: boolean }> {
  const business = await getBusinessProfile(tx);
  const ctx: MailContext = { business, appUrl: env.appUrl };
  await queueEmail(tx, input.email, maintenanceReminderEmail(ctx, input));
  const to = input.phone === null ? undefined : toE164(input.phone);
  if (
    !input.textsConsented ||
    to === undefined ||
    !canSendTexts(env) ||
    (await isTextStopped(tx, to))
  ) {
    return { textQueued: false };
  }
  const text = maintenanceReminderText(business, env.appUrl, input);
  await insertVisitMessage(tx, {
    channel: 'sms',
    template: MAINTENANCE_REMINDER_TEMPLATE,
    toAddress: to,
    subject: text,
    html: '',
    text,
    attachments: [],
    bookingId: null,
    nextAttemptAt: now,
    fallback: null,
  });
  return { textQueued: true };
}
