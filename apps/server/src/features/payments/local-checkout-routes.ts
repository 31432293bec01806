// The local checkout's hosted page, registered only when Stripe is not configured. Public like a
// hosted page: the unguessable session id is the secret.
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { getBusinessProfile } from '../business/service.ts';
import { checkoutPage, expiredPage, notFoundPage, paidPage } from './local-checkout-page.ts';
import type { PageContext } from './local-checkout-page.ts';
import { getLocalCheckout, payLocalCheckout } from './service.ts';
import type { LocalCheckout } from './service.ts';
import type { CardForm } from './test-cards.ts';

const params = z.object({ sessionId: z.string() });

// A filled-in form is well under 1 KB; nothing bigger is read.
const FORM_BODY_LIMIT = 4 * 1024;

function readForm(body: unknown): CardForm {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (key: keyof CardForm) => {
    const value = Object.hasOwn(source, key) ? source[key] : undefined;
    return typeof value === 'string' ? value : '';
  };
  return {
    email: text('email'),
    cardNumber: text('cardNumber'),
    expiry: text('expiry'),
    cvc: text('cvc'),
    cardName: text('cardName'),
  };
}

export async function localCheckoutRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;

  // Browsers post HTML forms urlencoded; Fastify has no parser for that. This one serves only
  // the routes of this plugin. Repeated keys keep the last value; all values stay strings.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const form: Record<string, string> = Object.create(null);
      for (const [key, value] of new URLSearchParams(body as string)) form[key] = value;
      done(null, form);
    },
  );

  async function pageContext(): Promise<PageContext> {
    const business = await getBusinessProfile(db);
    return { businessName: business.name, isProduction: env.isProduction };
  }

  function statePage(
    context: PageContext,
    checkout: Exclude<LocalCheckout, { kind: 'open' }>,
  ): { status: number; html: string } {
    if (checkout.kind === 'not-found') return { status: 404, html: notFoundPage(context) };
    if (checkout.kind === 'expired') {
      return { status: 410, html: expiredPage(context, checkout.session) };
    }
    return { status: 200, html: paidPage(context, checkout.session) };
  }

  app.get(
    '/checkout/local/:sessionId',
    { schema: { hide: true, params }, config: { access: 'public' } },
    async (request, reply) => {
      const [checkout, context] = await Promise.all([
        getLocalCheckout(db, request.params.sessionId),
        pageContext(),
      ]);
      const { status, html } =
        checkout.kind === 'open'
          ? { status: 200, html: checkoutPage(context, checkout.session) }
          : statePage(context, checkout);
      return reply
        .status(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.post(
    '/checkout/local/:sessionId',
    {
      schema: { hide: true, params },
      config: { access: 'public' },
      bodyLimit: FORM_BODY_LIMIT,
    },
    async (request, reply) => {
      const form = readForm(request.body);
      const [payment, context] = await Promise.all([
        payLocalCheckout(db, request.params.sessionId, form),
        pageContext(),
      ]);
      reply.header('cache-control', 'no-store');
      // Paid now, or already (a resubmitted form, a second tap): both land on the success page.
      if (payment.kind === 'paid' || payment.kind === 'complete') {
        return reply.redirect(payment.session.successUrl, 303);
      }
      if (payment.kind === 'declined' || payment.kind === 'invalid') {
        const errors =
          payment.kind === 'declined' ? { cardNumber: payment.message } : payment.errors;
        return reply
          .status(payment.kind === 'declined' ? 402 : 422)
          .type('text/html; charset=utf-8')
          .send(checkoutPage(context, payment.session, { values: form, errors }));
      }
      const { status, html } = statePage(context, payment);
      return reply.status(status).type('text/html; charset=utf-8').send(html);
    },
  );
}
