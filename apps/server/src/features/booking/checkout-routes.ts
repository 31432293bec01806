// HTTP routes after the hosted checkout: the success page's lookup of its session, and the
// provider's signed webhook (Stripe only; the raw body is kept for the signature check).
import { checkoutSessionParamsSchema } from '@pitstop/shared/booking/forms';
import {
  checkoutOutcomeResponseSchema,
  webhookReceivedResponseSchema,
} from '@pitstop/shared/booking/responses';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { MAX_BODY_DEPTH, TOO_DEEP } from '../../lib/input-guard.ts';
import { bookingDeps } from './deps.ts';
import { getCheckoutOutcome } from './checkout.ts';
import { handlePaymentWebhook } from './webhook.ts';

/**
 * Whether JSON text nests deeper than `max` arrays and objects: the input guard's rule, applied
 * to a body kept as bytes (the guard walks parsed bodies only). Brackets inside strings do not
 * count.
 */
function isNestedTooDeeply(json: Buffer, max: number = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const byte = json[i];
    if (inString) {
      if (byte === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x5b || byte === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === 0x5d || byte === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

export async function checkoutRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/checkout/sessions/:sessionId',
    {
      schema: {
        tags: ['booking'],
        summary:
          'The outcome of one of your checkouts for /checkout-success: paid (with the order, ' +
          'and for a visit the vehicle and address it was booked for, and garageVehicleId, ' +
          'the My Garage vehicle a signed-in customer’s visit was linked to, or null), ' +
          'confirming (ask again) or expired. Confirms a completed payment with the provider. ' +
          'A checkout still open and unpaid answers openCheckoutUrl, where to pay. ' +
          'Anyone else’s session: 404',
        params: checkoutSessionParamsSchema,
        response: { 200: checkoutOutcomeResponseSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) =>
      getCheckoutOutcome(
        bookingDeps(app.ctx, request.log),
        requireViewer(request),
        request.params.sessionId,
        app.ctx.clock.now(),
      ),
  );

  // Its own scope, so that only this route reads JSON as the exact bytes Stripe signed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      isNestedTooDeeply(body as Buffer)
        ? done(new AppError('BAD_REQUEST', TOO_DEEP), undefined)
        : done(null, body),
    );
    scope.post(
      '/api/payments/stripe/webhook',
      {
        schema: {
          tags: ['booking'],
          summary:
            'Stripe’s signed events: fulfils paid checkouts, releases expired holds, each event ' +
            'once. 400 bad signature (nothing written); 404 when Stripe is not configured',
          response: { 200: webhookReceivedResponseSchema },
        },
        config: { access: 'public' },
      },
      async (request) => {
        const { payments } = app.ctx;
        if (payments.provider !== 'stripe') {
          throw new AppError('NOT_FOUND', 'Stripe is not configured on this server.');
        }
        const body = request.body;
        if (!Buffer.isBuffer(body)) {
          throw new AppError('BAD_REQUEST', 'Expected a JSON body.');
        }
        const signature = request.headers['stripe-signature'];
        await handlePaymentWebhook(
          bookingDeps(app.ctx, request.log),
          body,
          typeof signature === 'string' ? signature : undefined,
          app.ctx.clock.now(),
        );
        return { received: true as const };
      },
    );
  });
}
