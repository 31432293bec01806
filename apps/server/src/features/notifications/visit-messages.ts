// The messages around one visit (docs/decisions/033): its reminder, queued with a not-before
// time in the transaction that books, moves or cancels the visit; the technician on the way;
// and, for a customer who agreed to texts about the visit, the same by text. Every one is a row
// of the outbox naming the visit, so what has not gone can be withdrawn with the change that
// made it wrong, and staff can read what the customer was sent.
import { zonedMoment } from '@pitstop/shared/booking/capacity';
import { businessClockTime } from '@pitstop/shared/business/moment-words';
import { toE164 } from '@pitstop/shared/notifications/phone';
import {
  VISIT_MESSAGE_TEMPLATES,
  VISIT_TEXTS,
  reminderWallClock,
} from '@pitstop/shared/notifications/visit-texts';
import type { Executor } from '../../db/client.ts';
import type { Env } from '../../lib/env.ts';
import { getBusinessProfile } from '../business/service.ts';
import type { MailContext } from './layout.ts';
import {
  insertVisitMessage,
  listBookingsWithReminders,
  listVisitMessageRows,
  withdrawPendingVisitMessages,
} from './message-repository.ts';
import { isPhoneOptedOut } from './repository.ts';
import { onTheWayEmail, visitReminderEmail } from './visit-message-emails.ts';
import type { RenderedEmail } from './outbox.ts';

/** What a visit's messages are made of, as the visits feature reads its rows. */
export interface MessageVisit {
  bookingId: string;
  email: string;
  phone: string;
  firstName: string;
  /** Business-local date and time of its start. */
  date: string;
  time: string;
  services: string[];
  address: string;
  /** When the customer agreed to texts about this visit; null: e-mail only. */
  textsConsentAt: Date | null;
}

const ALL_VISIT_TEMPLATES = Object.values(VISIT_MESSAGE_TEMPLATES);

async function contextOf(db: Executor, env: Env): Promise<MailContext> {
  return { business: await getBusinessProfile(db), appUrl: env.appUrl };
}

/**
 * Whether a text can reach anyone: through Twilio, handed over by the outbox sender (which runs
 * with SMTP_URL); or into the dev mailbox, while e-mail stays there too. Otherwise (real e-mail
 * and no Twilio, or Twilio and no sender) a text would never leave, so customers get every message
 * by e-mail instead.
 */
export function canSendTexts(env: Env): boolean {
  return env.smtpUrl === undefined ? env.texts.provider === 'dev' : env.texts.provider === 'twilio';
}

/**
 * The number this visit's texts go to: the visit's phone as E.164, when its customer agreed to
 * texts and the number has not replied STOP. The sender asks about STOP again before each text.
 */
async function textNumberOf(
  db: Executor,
  env: Env,
  visit: MessageVisit,
): Promise<string | undefined> {
  if (visit.textsConsentAt === null || !canSendTexts(env)) return undefined;
  const phone = toE164(visit.phone);
  if (phone === undefined || (await isPhoneOptedOut(db, phone))) return undefined;
  return phone;
}

function emailRow(visit: MessageVisit, email: RenderedEmail, notBefore: Date) {
  return {
    channel: 'email' as const,
    template: email.template,
    toAddress: visit.email,
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments: email.attachments ?? [],
    bookingId: visit.bookingId,
    nextAttemptAt: notBefore,
  };
}

/** A text keeps its words in `subject` too: staff read what was sent after the body is dropped. */
function textRow(
  visit: MessageVisit,
  to: string,
  template: string,
  body: string,
  notBefore: Date,
  fallback?: RenderedEmail,
) {
  return {
    channel: 'sms' as const,
    template,
    toAddress: to,
    subject: body,
    html: '',
    text: body,
    attachments: [],
    bookingId: visit.bookingId,
    nextAttemptAt: notBefore,
    fallback: fallback
      ? {
          template: fallback.template,
          toAddress: visit.email,
          subject: fallback.subject,
          html: fallback.html,
          text: fallback.text,
        }
      : null,
  };
}

/**
 * (Re)plans a visit's reminder in the caller's transaction: withdraws the one waiting, then
 * queues an e-mail (and a text, if the customer agreed) for the business's lead before the visit
 * (the same wall-clock time the day before for 24 hours, across daylight-saving changes). None
 * when reminders are off or the moment has passed (a visit booked inside the lead time). Run it
 * under the booking's lock, as every change to a visit's time is, so two plans never interleave.
 */
export async function planVisitReminder(
  tx: Executor,
  env: Env,
  visit: MessageVisit,
  now = new Date(),
): Promise<Date | undefined> {
  await withdrawPendingVisitMessages(
    tx,
    visit.bookingId,
    [VISIT_MESSAGE_TEMPLATES.reminder],
    'replaced: the visit was booked again or moved',
  );
  const business = await getBusinessProfile(tx);
  const ctx: MailContext = { business, appUrl: env.appUrl };
  const lead = business.reminderLeadHours;
  if (lead <= 0) return undefined;
  const wall = reminderWallClock(visit.date, visit.time, lead);
  const notBefore = zonedMoment(wall.date, wall.time, ctx.business.timeZone);
  if (notBefore.getTime() <= now.getTime()) return undefined;
  const email = visitReminderEmail(ctx, {
    bookingId: visit.bookingId,
    customerName: visit.firstName,
    services: visit.services,
    date: visit.date,
    time: visit.time,
    address: visit.address,
  });
  await insertVisitMessage(tx, emailRow(visit, email, notBefore));
  const to = await textNumberOf(tx, env, visit);
  if (to !== undefined) {
    const body = VISIT_TEXTS.reminder(ctx.business, visit.date, visit.time);
    await insertVisitMessage(
      tx,
      textRow(visit, to, VISIT_MESSAGE_TEMPLATES.reminder, body, notBefore),
    );
  }
  return notBefore;
}

/** Withdraws an arrival estimate not yet sent (the visit moved to another time). */
export async function withdrawArrivalMessages(tx: Executor, bookingId: string): Promise<void> {
  await withdrawPendingVisitMessages(
    tx,
    bookingId,
    [VISIT_MESSAGE_TEMPLATES.onMyWay, VISIT_MESSAGE_TEMPLATES.runningLate],
    'withdrawn: the visit moved',
  );
}

/** Withdraws whatever of the visit's own messages has not gone (a cancelled visit). */
export async function withdrawVisitMessages(tx: Executor, bookingId: string): Promise<void> {
  await withdrawPendingVisitMessages(
    tx,
    bookingId,
    ALL_VISIT_TEMPLATES,
    'withdrawn: the visit was cancelled',
  );
}

/**
 * The technician is on the way (or running late): one message, now. A text with its e-mail twin
 * as the fallback for a customer who agreed to texts; an e-mail otherwise. Texts of this kind go
 * out in quiet hours too (the customer is expecting the technician). Returns the estimate worded
 * and how it went.
 */
export async function sendOnTheWay(
  tx: Executor,
  env: Env,
  visit: MessageVisit,
  input: { technicianName: string; arrivalAt: Date; isLate: boolean },
  now = new Date(),
): Promise<{ arrival: string; channel: 'email' | 'sms' }> {
  const ctx = await contextOf(tx, env);
  const arrival = businessClockTime(input.arrivalAt, ctx.business.timeZone);
  const email = onTheWayEmail(ctx, {
    bookingId: visit.bookingId,
    customerName: visit.firstName,
    technicianName: input.technicianName,
    arrival,
    isLate: input.isLate,
    services: visit.services,
    address: visit.address,
  });
  // A newer estimate replaces one not yet sent.
  await withdrawPendingVisitMessages(
    tx,
    visit.bookingId,
    [VISIT_MESSAGE_TEMPLATES.onMyWay, VISIT_MESSAGE_TEMPLATES.runningLate],
    'replaced: a newer arrival estimate',
  );
  const to = await textNumberOf(tx, env, visit);
  if (to === undefined) {
    await insertVisitMessage(tx, emailRow(visit, email, now));
    return { arrival, channel: 'email' };
  }
  const words = input.isLate ? VISIT_TEXTS.runningLate : VISIT_TEXTS.onMyWay;
  await insertVisitMessage(
    tx,
    textRow(
      visit,
      to,
      email.template,
      words(ctx.business, input.technicianName, arrival),
      now,
      email,
    ),
  );
  return { arrival, channel: 'sms' };
}

export interface VisitMessage {
  id: string;
  channel: 'email' | 'sms';
  template: string;
  to: string;
  subject: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'withdrawn';
  attempts: number;
  providerId: string | null;
  deliveryStatus: string | null;
  lastError: string | null;
  notBefore: string;
  sentAt: string | null;
  createdAt: string;
}

const VISIT_MESSAGES_SHOWN = 100;

/** A visit's messages for staff, newest first. */
export async function listVisitMessages(db: Executor, bookingId: string): Promise<VisitMessage[]> {
  const rows = await listVisitMessageRows(db, bookingId, VISIT_MESSAGES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    template: row.template,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    providerId: row.providerId,
    deliveryStatus: row.deliveryStatus,
    lastError: row.lastError,
    notBefore: row.notBefore.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Whether texts to this phone (any usual format) are off because it replied STOP. */
export async function isTextStopped(db: Executor, phone: string): Promise<boolean> {
  const e164 = toE164(phone);
  return e164 !== undefined && isPhoneOptedOut(db, e164);
}

/** Of these visits, those that ever had a reminder (any status). */
export function visitsWithReminders(db: Executor, bookingIds: readonly string[]) {
  return listBookingsWithReminders(db, bookingIds, VISIT_MESSAGE_TEMPLATES.reminder);
}
