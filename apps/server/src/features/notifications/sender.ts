// The background sender: claims due outbox rows one at a time (FOR UPDATE SKIP LOCKED, so several
// server processes never send one message twice), delivers e-mail over SMTP and texts through the
// text provider, and retries failures with exponential back-off until a bounded number of
// attempts marks them failed. A text that cannot go is replaced by its e-mail twin; one due in
// quiet hours waits for the morning.
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/defaults';
import {
  isQuietTime,
  quietHoursEndAfter,
  TEXTS_ANYTIME_TEMPLATES,
} from '@pitstop/shared/notifications/quiet-hours';
import type { Db } from '../../db/client.ts';
import {
  claimNextDueMessage,
  deferClaimedMessage,
  isPhoneOptedOut,
  markMessageAttemptFailed,
  markMessageSent,
  withdrawClaimedMessage,
} from './repository.ts';
import type { ClaimedMessage } from './repository.ts';
import { DevSms, SmsSendError } from './sms.ts';
import type { SmsProvider } from './sms.ts';

export interface SenderOptions {
  smtpUrl: string;
  /** The envelope sender, or a function asked once per batch (so profile edits apply at once). */
  from: string | (() => Promise<string>);
  /** How texts leave (Twilio, or the dev outbox, which is the default). */
  texts?: SmsProvider;
  /** The business's time zone, for quiet hours, asked once per batch like `from`. */
  timeZone?: () => Promise<string>;
  /** "Now" for quiet hours (the system clock). */
  now?: () => Date;
  /** Wait between polls when the outbox is empty. */
  pollIntervalMs?: number;
  /** First retry delay; doubles per attempt, capped at maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /**
   * How long a claim holds a row before another sender may take it (a crashed sender). Each row
   * is claimed on its own, so this only has to outlast one send (at most 50 s of SMTP timeouts).
   */
  claimTimeoutMs?: number;
  /** Rows sent per batch (each claimed separately) before the loop looks again. */
  batchSize?: number;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

// Tries at recording a delivery (100 ms doubling: about 6 s), far inside the 2-minute lease.
const RECORD_SENT_RETRIES = 6;

export function retryDelayMs(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

export class OutboxSender {
  private readonly transport: Transporter;
  private readonly options: Required<Omit<SenderOptions, 'log'>> & Pick<SenderOptions, 'log'>;
  private running = false;
  private isStopping = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    options: SenderOptions,
  ) {
    this.options = {
      pollIntervalMs: 2_000,
      baseDelayMs: 30_000,
      maxDelayMs: 60 * 60_000,
      maxAttempts: 8,
      claimTimeoutMs: 2 * 60_000,
      batchSize: 10,
      texts: new DevSms(),
      timeZone: async () => DEFAULT_TIME_ZONE,
      now: () => new Date(),
      ...options,
    };
    const url = new URL(options.smtpUrl);
    for (const [key, value] of Object.entries({
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
    }
    this.transport = nodemailer.createTransport(url.toString());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.isStopping = false;
    this.loop = this.run();
  }

  /** Stops polling; resolves once the message being sent right now has been recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.isStopping = true;
    this.wake?.();
    await this.loop;
    this.transport.close();
  }

  /** Asks the loop to look now (after a message was queued). */
  nudge(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let sent = 0;
      try {
        sent = await this.sendDue();
      } catch (error) {
        this.options.log?.warn({ err: error }, 'outbox: batch failed');
      }
      if (!this.running) break;
      if (sent === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollIntervalMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  /**
   * Sends up to one batch, claiming one row at a time so no lease has to cover several sends;
   * stops between rows when the sender is stopped. Returns how many rows it handled.
   */
  async sendDue(): Promise<number> {
    // Before any claim: if the sender address or the business's time zone cannot be read, no
    // message loses an attempt.
    const from = await this.resolveFrom();
    const timeZone = await this.options.timeZone();
    let handled = 0;
    while (handled < this.options.batchSize && !this.isStopping) {
      const row = await claimNextDueMessage(this.db, this.options.claimTimeoutMs);
      if (!row) break;
      if (row.channel === 'sms') await this.deliverText(row, timeZone);
      else await this.deliver(row, from);
      handled += 1;
    }
    return handled;
  }

  private async resolveFrom(): Promise<string> {
    const { from } = this.options;
    return typeof from === 'string' ? from : from();
  }

  private async deliver(row: ClaimedMessage, from: string): Promise<void> {
    // The outbox id doubles as a stable Message-ID, so a receiving server can spot a resend.
    const messageId = `<${row.id}@pitstop.outbox>`;
    try {
      await this.transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: row.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
        messageId,
      });
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    // Delivered: from here on the row must never go back to 'pending', or it would be sent again.
    await this.recordSent(row, messageId);
  }

  /**
   * A text: withdrawn (its e-mail twin queued) when the number replied STOP; put back untried
   * until 08:00 when it is due in quiet hours and is not one the customer is waiting for; else
   * handed to the provider.
   */
  private async deliverText(row: ClaimedMessage, timeZone: string): Promise<void> {
    if (await isPhoneOptedOut(this.db, row.to_address)) {
      await withdrawClaimedMessage(this.db, row, 'Opted out (STOP)');
      this.options.log?.info({ id: row.id }, 'outbox: text withdrawn, the number opted out');
      return;
    }
    const now = this.options.now();
    if (!TEXTS_ANYTIME_TEMPLATES.includes(row.template) && isQuietTime(now, timeZone)) {
      await deferClaimedMessage(this.db, row, quietHoursEndAfter(now, timeZone));
      return;
    }
    let providerId: string;
    try {
      ({ providerId } = await this.options.texts.send({ to: row.to_address, body: row.text }));
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    await this.recordSent(row, providerId);
  }

  private async recordSent(row: ClaimedMessage, providerId: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        // Only while this sender still holds the row (see markMessageSent).
        if (!(await markMessageSent(this.db, row, providerId))) {
          this.options.log?.warn({ id: row.id }, 'outbox: sent after the claim was taken over');
        } else {
          this.options.log?.info({ id: row.id }, 'outbox: sent');
        }
        return;
      } catch (error) {
        // The database is failing right after a delivery: keep trying well inside the lease, so
        // another sender does not take the row over and send it a second time.
        if (attempt >= RECORD_SENT_RETRIES) {
          this.options.log?.error(
            { id: row.id, err: error },
            'outbox: delivered but could not record it; it may be sent again when its lease ends',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  private async recordFailure(row: ClaimedMessage, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    // A text the provider refuses for good (an invalid or unsubscribed number) is not retried.
    const isPermanent = error instanceof SmsSendError && error.isPermanent;
    const failed = isPermanent || row.attempts >= this.options.maxAttempts;
    const delay = retryDelayMs(row.attempts, this.options.baseDelayMs, this.options.maxDelayMs);
    await markMessageAttemptFailed(this.db, row, {
      isFinal: failed,
      lastError: message.slice(0, 2000),
      nextAttemptAt: new Date(Date.now() + delay),
    });
    this.options.log?.warn(
      { id: row.id, attempts: row.attempts, failed, err: message },
      'outbox: send failed',
    );
  }
}
