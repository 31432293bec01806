// A fake Twilio API for tests: the Messages endpoint the twilio SDK calls to send a text, on a
// local port, answering in Twilio's shapes. Point the server at it with TWILIO_API_URL; make the
// next send fail with failNext(); read what the SDK sent in `requests` and the texts it made in
// `messages`. signedTwilioForm() signs a webhook as Twilio signs it (the SDK's own signer).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export const FAKE_TWILIO_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const FAKE_TWILIO_AUTH_TOKEN = 'fake_twilio_auth_token_0123456789';
export const FAKE_TWILIO_FROM = '+15550109999';

export interface FakeTwilioRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body, each key's last value. */
  body: Record<string, string>;
}

export interface FakeMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  body: string;
  status: 'queued';
  status_callback: string | null;
  num_segments: string;
  direction: 'outbound-api';
  api_version: '2010-04-01';
  date_created: string;
  date_updated: string;
  date_sent: null;
  uri: string;
  error_code: null;
  error_message: null;
  price: null;
  price_unit: 'USD';
}

export interface FakeTwilioFailure {
  /** HTTP status; 400 unless told otherwise. */
  status?: number;
  /** Twilio's error code (21610 unsubscribed, 21211 invalid number, …). */
  code?: number;
  message?: string;
}

export interface FakeTwilio {
  /** http://127.0.0.1:<port>, for TWILIO_API_URL. */
  url: string;
  requests: FakeTwilioRequest[];
  /** Every text accepted, in order. */
  messages: FakeMessage[];
  /** The env overrides that put a test server on this fake. */
  env: Record<string, string>;
  /** The next request fails with Twilio's error body (or, with `status` 0, its connection drops). */
  failNext(failure?: FakeTwilioFailure): void;
  close(): Promise<void>;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const requests: FakeTwilioRequest[] = [];
  const messages: FakeMessage[] = [];
  let nextFailure: FakeTwilioFailure | undefined;

  function respond(request: FakeTwilioRequest): { status: number; body: unknown } {
    const expected = `Basic ${Buffer.from(`${FAKE_TWILIO_ACCOUNT_SID}:${FAKE_TWILIO_AUTH_TOKEN}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return {
        status: 401,
        body: { code: 20003, message: 'Authenticate', more_info: '', status: 401 },
      };
    }
    const match = MESSAGES_PATH.exec(request.path);
    if (request.method !== 'POST' || !match || match[1] !== FAKE_TWILIO_ACCOUNT_SID) {
      return {
        status: 404,
        body: {
          code: 20404,
          message: `The requested resource ${request.path} was not found`,
          status: 404,
        },
      };
    }
    const { To: to, From: from, Body: body } = request.body;
    if (!to || !from || !body) {
      return {
        status: 400,
        body: { code: 21604, message: "A 'To' phone number is required.", status: 400 },
      };
    }
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = new Date().toUTCString();
    const message: FakeMessage = {
      sid,
      account_sid: FAKE_TWILIO_ACCOUNT_SID,
      to,
      from,
      body,
      status: 'queued',
      status_callback: request.body.StatusCallback ?? null,
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${FAKE_TWILIO_ACCOUNT_SID}/Messages/${sid}.json`,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: 'USD',
    };
    messages.push(message);
    return { status: 201, body: message };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
        body[key] = value;
      }
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body,
      };
      requests.push(request);
      const failure = nextFailure;
      nextFailure = undefined;
      if (failure?.status === 0) {
        req.socket.destroy();
        return;
      }
      const { status, body: answer } = failure
        ? {
            status: failure.status ?? 400,
            body: {
              code: failure.code ?? 21211,
              message: failure.message ?? "The 'To' number is not a valid phone number.",
              more_info: `https://www.twilio.com/docs/errors/${failure.code ?? 21211}`,
              status: failure.status ?? 400,
            },
          }
        : respond(request);
      res.writeHead(status, {
        'content-type': 'application/json',
        'twilio-request-id': `RQ${randomBytes(16).toString('hex')}`,
      });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    messages,
    env: {
      TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
      TWILIO_FROM: FAKE_TWILIO_FROM,
      TWILIO_API_URL: url,
    },
    failNext(failure = {}) {
      nextFailure = failure;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A webhook delivery signed as Twilio signs it: `url` is the full address Twilio was given
 * (APP_URL and the path), `form` the fields it posts.
 */
export function signedTwilioForm(
  url: string,
  form: Record<string, string>,
  authToken: string = FAKE_TWILIO_AUTH_TOKEN,
): {
  payload: string;
  headers: { 'x-twilio-signature': string; 'content-type': 'application/x-www-form-urlencoded' };
} {
  return {
    payload: new URLSearchParams(form).toString(),
    headers: {
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, form),
      'content-type': 'application/x-www-form-urlencoded',
    },
  };
}
