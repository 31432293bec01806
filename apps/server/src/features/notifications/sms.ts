// How a text leaves: Twilio's Messages API through its official SDK when Twilio is configured,
// else the dev outbox (nothing is sent; the outbox row, marked sent, is what the mailbox shows).
import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import type { Env } from '../../lib/env.ts';

export interface SmsProvider {
  readonly name: 'twilio' | 'dev';
  /** Hands the text to the provider; resolves with its id for the message (Twilio's SID). */
  send(input: { to: string; body: string; statusCallback?: string }): Promise<{
    providerId: string;
  }>;
}

/** Where Twilio reports a text's delivery (twilio-routes.ts). */
export const TWILIO_STATUS_PATH = '/api/webhooks/twilio/status';

/**
 * Twilio's answers that no retry will change: the number is unsubscribed (21610), invalid
 * (21211, 21214), not a mobile (21614), unreachable from this sender (21408, 21612), or the text
 * is refused as it is (21617 too long). Any other 400 is a request Twilio will refuse again too.
 */
const PERMANENT_CODES = new Set([21211, 21214, 21408, 21610, 21612, 21614, 21617]);

/**
 * A text the provider refused. `isPermanent`: sending it again would fail the same way (give up
 * at once); otherwise (network, 5xx, 429, credentials) a later attempt may succeed.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
    readonly code?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

function asSmsSendError(error: unknown): SmsSendError {
  const { status, code, message } = (error ?? {}) as {
    status?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const text = typeof message === 'string' && message ? message : String(error);
  // The SDK's RestException and TwilioServiceException carry the HTTP status and Twilio's code;
  // a network failure (axios) carries neither as numbers.
  if (typeof status !== 'number') return new SmsSendError(text, false);
  const twilioCode = typeof code === 'number' ? code : undefined;
  const isPermanent =
    (twilioCode !== undefined && PERMANENT_CODES.has(twilioCode)) || status === 400;
  return new SmsSendError(
    twilioCode === undefined ? text : `${text} (Twilio ${twilioCode})`,
    isPermanent,
    twilioCode,
    status,
  );
}

type RequestOptions<TData> = Parameters<twilio.RequestClient['request']>[0] & { data?: TData };

/**
 * The SDK's own HTTP client, with every Twilio host (api.twilio.com, messaging.twilio.com, …)
 * replaced by `apiUrl`: the SDK builds, signs and parses each call as it would for Twilio.
 */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: string) {
    super({ timeout: 15_000 });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({
      ...opts,
      uri: opts.uri.replace(/^https:\/\/[a-z0-9.-]*\.twilio\.com(:\d+)?/i, this.apiUrl),
    });
  }
}

interface TwilioSmsConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Another address for Twilio's API (a fake Twilio in tests). */
  apiUrl?: string | undefined;
  /** Where Twilio reports delivery, when a send does not name its own. */
  statusCallback?: string | undefined;
}

class TwilioSms implements SmsProvider {
  readonly name = 'twilio' as const;
  private readonly client: twilio.Twilio;

  constructor(private readonly config: TwilioSmsConfig) {
    this.client = twilio(config.accountSid, config.authToken, {
      httpClient: config.apiUrl
        ? new RedirectingRequestClient(config.apiUrl)
        : new twilio.RequestClient({ timeout: 15_000 }),
    });
  }

  async send(input: { to: string; body: string; statusCallback?: string }) {
    const statusCallback = input.statusCallback ?? this.config.statusCallback;
    try {
      const message = await this.client.messages.create({
        to: input.to,
        from: this.config.from,
        body: input.body,
        ...(statusCallback ? { statusCallback } : {}),
      });
      return { providerId: message.sid };
    } catch (error) {
      throw asSmsSendError(error);
    }
  }
}

/** The development outbox: sends nothing anywhere. */
export class DevSms implements SmsProvider {
  readonly name = 'dev' as const;

  async send(): Promise<{ providerId: string }> {
    return { providerId: `dev-${randomUUID()}` };
  }
}

/** Twilio when it is configured (reporting delivery to this server), else the dev outbox. */
export function createSmsProvider(env: Pick<Env, 'texts' | 'appUrl'>): SmsProvider {
  const { texts } = env;
  if (texts.provider !== 'twilio') return new DevSms();
  return new TwilioSms({
    accountSid: texts.accountSid,
    authToken: texts.authToken,
    from: texts.from,
    apiUrl: texts.apiUrl,
    statusCallback: `${env.appUrl}${TWILIO_STATUS_PATH}`,
  });
}
