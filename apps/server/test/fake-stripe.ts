// A fake Stripe API for tests: the few Checkout Session and Refund endpoints the stripe SDK calls,
// on a local port, answering in Stripe's shapes. Point the server at it with STRIPE_API_URL;
// drive it with complete(), expire() and failNext(); read what the SDK sent in `requests` and the
// refunds it made in `refunds`.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_fake_0123456789';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
  /** Set once paid: the PaymentIntent refunds name. */
  payment_intent: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body as Stripe reads it: nested keys become objects, numeric ones arrays. */
  body: Record<string, unknown>;
  rawBody: string;
}

export interface FakeFailure {
  status?: number;
  type?: string;
  code?: string;
  message?: string;
  /**
   * Kept under the request's idempotency key, as Stripe keeps a failure once the endpoint ran:
   * a retry with the same key gets the same error back.
   */
  remembered?: boolean;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  url: string;
  sessions: Map<string, FakeSession>;
  requests: FakeRequest[];
  /** Every refund made, in order. */
  refunds: FakeRefund[];
  /** The env overrides that put a test server on this fake. */
  env: Record<string, string>;
  /** The customer paid: status complete, payment_status paid (or the one given). */
  complete(sessionId: string, paymentStatus?: FakeSession['payment_status']): FakeSession;
  expire(sessionId: string): FakeSession;
  /**
   * The next request (of any kind) fails: 500 api_error unless told otherwise; `remembered`, its
   * retries under the same idempotency key fail alike.
   */
  failNext(failure?: FakeFailure): void;
  close(): Promise<void>;
}

/** Reads `a[b][0][c]=v` the way Stripe does into { a: { b: [{ c: 'v' }] } }. */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** Stripe's error body: {"error": {"type", "message", "code"?}}. */
function stripeError(status: number, error: { type: string; message: string; code?: string }) {
  return { status, body: { error } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const requests: FakeRequest[] = [];
  const refunds: FakeRefund[] = [];
  // Idempotency-Key -> the first refund request's body and the refund it made.
  const idempotentRefunds = new Map<string, { rawBody: string; refund: FakeRefund }>();
  // Idempotency-Key -> the first request's body and the session it made, as Stripe keeps them.
  const idempotent = new Map<string, { rawBody: string; sessionId: string }>();
  // Idempotency-Key -> a failure Stripe keeps for it (failNext's `remembered`).
  const rememberedFailures = new Map<string, { status: number; body: unknown }>();
  let nextFailure: FakeFailure | undefined;

  function createSession(body: Record<string, unknown>): FakeSession {
    const items = (body.line_items ?? []) as {
      quantity?: string;
      price_data?: { currency?: string; unit_amount?: string };
    }[];
    const amount = items.reduce(
      (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
      0,
    );
    const id = `cs_test_${randomBytes(18).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      mode: String(body.mode ?? 'payment'),
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency: items[0]?.price_data?.currency ?? 'usd',
      customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      client_reference_id:
        typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
      success_url: String(body.success_url ?? ''),
      cancel_url: String(body.cancel_url ?? ''),
      expires_at: Number(body.expires_at ?? Math.floor(Date.now() / 1000) + 24 * 3600),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      payment_intent: null,
    };
    sessions.set(id, session);
    return session;
  }

  /** POST /v1/refunds: of a paid PaymentIntent, never more in all than it took. */
  function createRefund(request: FakeRequest): { status: number; body: unknown } {
    const key = request.headers['idempotency-key'];
    const known = typeof key === 'string' ? idempotentRefunds.get(key) : undefined;
    if (known) {
      if (known.rawBody !== request.rawBody) {
        return stripeError(400, {
          type: 'idempotency_error',
          message:
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
      }
      return { status: 200, body: known.refund };
    }
    const paymentIntent = String(request.body.payment_intent ?? '');
    const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
    if (!paid) {
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${paymentIntent}'`,
      });
    }
    const refunded = refunds
      .filter((r) => r.payment_intent === paymentIntent && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = Number(request.body.amount ?? paid.amount_total - refunded);
    if (!(amount > 0) || refunded + amount > paid.amount_total) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((paid.amount_total - refunded) / 100).toFixed(2)})`,
      });
    }
    const refund: FakeRefund = {
      id: `re_test_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: paid.currency,
      payment_intent: paymentIntent,
      status: 'succeeded',
      reason: typeof request.body.reason === 'string' ? request.body.reason : null,
      metadata: (request.body.metadata ?? {}) as Record<string, string>,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    if (typeof key === 'string') idempotentRefunds.set(key, { rawBody: request.rawBody, refund });
    return { status: 200, body: refund };
  }

  function missing(id: string) {
    return stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such checkout.session: '${id}'`,
    });
  }

  function answer(request: FakeRequest): { status: number; body: unknown } {
    if (!request.headers.authorization?.startsWith('Bearer sk_')) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'You did not provide an API key.',
      });
    }
    const key = request.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? rememberedFailures.get(key) : undefined;
    if (remembered) return remembered;
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      const failed = stripeError(failure.status ?? 500, {
        type: failure.type ?? 'api_error',
        message: failure.message ?? 'Something went wrong on our end.',
        ...(failure.code ? { code: failure.code } : {}),
      });
      if (failure.remembered && typeof key === 'string') rememberedFailures.set(key, failed);
      return failed;
    }
    const { method, path } = request;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const known = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (known) {
        if (known.rawBody !== request.rawBody) {
          return stripeError(400, {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          });
        }
        return { status: 200, body: sessions.get(known.sessionId) };
      }
      const session = createSession(request.body);
      if (typeof key === 'string') {
        idempotent.set(key, { rawBody: request.rawBody, sessionId: session.id });
      }
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(request);
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!));
      return session ? { status: 200, body: session } : missing(retrieve[1]!);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]!));
      if (!session) return missing(expire[1]!);
      if (session.status !== 'open') {
        return stripeError(400, {
          type: 'invalid_request_error',
          message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        });
      }
      session.status = 'expired';
      return { status: 200, body: session };
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body: parseStripeForm(req.method === 'GET' ? url.search.slice(1) : rawBody),
        rawBody,
      };
      requests.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(8).toString('hex')}`,
        // A test decides what fails; the SDK must not retry behind its back.
        'stripe-should-retry': 'false',
      });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function session(id: string): FakeSession {
    const found = sessions.get(id);
    if (!found) throw new Error(`fake Stripe has no session ${id}`);
    return found;
  }

  return {
    url,
    sessions,
    requests,
    refunds,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    },
    complete(id, paymentStatus = 'paid') {
      const found = session(id);
      found.status = 'complete';
      found.payment_status = paymentStatus;
      found.payment_intent ??= `pi_test_${randomBytes(12).toString('hex')}`;
      return found;
    },
    expire(id) {
      const found = session(id);
      found.status = 'expired';
      return found;
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

/** A Stripe event around a checkout session, as Stripe posts it to the webhook. */
export function checkoutEvent(
  type: string,
  session: Partial<FakeSession> & { id: string },
  eventId = `evt_test_${randomBytes(12).toString('hex')}`,
) {
  return {
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', ...session } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * A webhook delivery signed as Stripe signs it (the SDK's own test signer). `timestamp` in
 * seconds; an old one makes a stale delivery.
 */
export function signedWebhook(
  payload: unknown,
  secret: string = FAKE_STRIPE_WEBHOOK_SECRET,
  timestamp?: number,
): { body: string; headers: { 'stripe-signature': string; 'content-type': 'application/json' } } {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { body, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } };
}

/**
 * `charge.refunded` for a PaymentIntent, listing its refunds (made here, or `extra` ones made
 * "in Stripe's dashboard"), as Stripe posts it to the webhook.
 */
export function chargeRefundedEvent(
  paymentIntent: string,
  refunds: Pick<FakeRefund, 'id' | 'amount' | 'status'>[],
  eventId = `evt_test_${randomBytes(12).toString('hex')}`,
) {
  const amountRefunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return {
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `ch_test_${randomBytes(12).toString('hex')}`,
        object: 'charge',
        payment_intent: paymentIntent,
        amount_refunded: amountRefunded,
        refunded: true,
        refunds: {
          object: 'list',
          data: refunds.map((refund) => ({
            object: 'refund',
            payment_intent: paymentIntent,
            currency: 'usd',
            ...refund,
          })),
        },
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'charge.refunded',
  };
}
