// Twilio's webhooks: texts sent to the business's number (STOP and START) and reports on the
// texts it delivered. Each request is checked against Twilio's signature over APP_URL and the
// form it posts; without Twilio configured both answer 404.
import twilio from 'twilio';
import { toE164 } from '@pitstop/shared/notifications/phone';
import type { AppInstance } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordTextDelivery, recordTextReply } from './service.ts';
import { TWILIO_STATUS_PATH } from './sms.ts';

const TWILIO_INBOUND_PATH = '/api/webhooks/twilio/inbound';

// Twilio's form is a few dozen short fields and a text of at most 1,600 characters.
const FORM_BODY_LIMIT = 16 * 1024;

// Twilio replies to STOP and START itself; an empty answer adds nothing to that.
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const E164 = /^\+[1-9]\d{6,14}$/;

type Form = Record<string, string>;

export async function twilioRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;

  // Twilio posts urlencoded forms; this parser serves only the routes of this plugin. Repeated
  // keys keep the last value; all values stay strings.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const form: Form = Object.create(null);
      for (const [key, value] of new URLSearchParams(body as string)) form[key] = value;
      done(null, form);
    },
  );

  /** The form Twilio signed, or a refusal: 404 without Twilio, 403 on a bad signature. */
  function verifiedForm(request: {
    url: string;
    body: unknown;
    headers: Record<string, string | string[] | undefined>;
  }): Form {
    if (env.texts.provider !== 'twilio') {
      throw new AppError('NOT_FOUND', 'Texts are not configured on this server.');
    }
    const form =
      typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body)
        ? (request.body as Record<string, unknown>)
        : {};
    const params: Form = {};
    for (const [key, value] of Object.entries(form)) {
      if (typeof value === 'string') params[key] = value;
    }
    const signature = request.headers['x-twilio-signature'];
    const isSigned =
      typeof signature === 'string' &&
      signature !== '' &&
      // Twilio signs the address it was given: APP_URL with this path and query.
      twilio.validateRequest(env.texts.authToken, signature, `${env.appUrl}${request.url}`, params);
    if (!isSigned) throw new AppError('FORBIDDEN', 'The request is not signed by Twilio.');
    return params;
  }

  app.post(
    TWILIO_INBOUND_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Twilio’s signed webhook for texts to the business’s number: STOP (and its synonyms) ' +
          'keeps the sender’s number off texts, START puts it back; answers empty TwiML. 403 bad ' +
          'signature (nothing written); 404 when texts are not configured',
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const form = verifiedForm(request);
      const from = form.From ?? '';
      const phone = E164.test(from) ? from : toE164(from);
      if (phone) {
        const outcome = await recordTextReply(db, phone, form.Body ?? '');
        if (outcome !== 'ignored') request.log.info({ outcome }, 'texts: reply recorded');
      }
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );

  app.post(
    TWILIO_STATUS_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Twilio’s signed report on a text it accepted: delivered, undelivered or failed is ' +
          'recorded, and a text not delivered is sent as e-mail instead, once. 403 bad ' +
          'signature (nothing written); 404 when texts are not configured',
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const form = verifiedForm(request);
      const sid = form.MessageSid ?? form.SmsSid;
      const status = form.MessageStatus ?? form.SmsStatus;
      if (sid && status) await recordTextDelivery(db, sid, status);
      return reply.status(204).send();
    },
  );
}
