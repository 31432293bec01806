// HTTP routes after the hosted checkout: the success page's lookup of its session, and the
// provider's signed webhook (Stripe only; the raw body is kept for the signature check).
import { checkoutSessionParamsSchema } from '@pitstop/shared/booking/forms';
import {
  checkoutOutcomeResponseSchema,
  webhookReceivedResponseSchema,
} from '@pitstop/shared/booking/responses';
import type { AppInstance } from '../../lib/app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { bookingDeps } from './deps.ts';
import { getCheckoutOutcome } from './service.ts';
import { handlePaymentWebhook } from './webhook.ts';

export async function checkoutRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/checkout/sessions/:sessionId',
    {
      schema: {
        tags: ['booking'],
        summary:
          'The outcome of one of your checkouts for /checkout-success: paid (with the order), ' +
          'confirming (ask again) or expired. Confirms a completed payment with the provider. ' +
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
      ),
  );

  // Its own scope, so that only this route reads JSON as the exact bytes Stripe signed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
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
        );
        return { received: true as const };
      },
    );
  });
}
