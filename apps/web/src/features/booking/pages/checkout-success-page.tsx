// Checkout success (/checkout-success?session_id=…): where the payment page returns. 'Payment
// Successful!' with the order (which the spec's app never showed) once the payment is confirmed;
// while it is being confirmed it says so and asks again every 2 s, for a limited time. A payment
// that has not gone through (the checkout still open, or still unconfirmed after that time) and
// an expired checkout each say what happened and offer the way back. A session that is unknown,
// or not this customer's, gets one message that reveals nothing about it.
import { PATHS } from '@pitstop/shared/web-routes';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, SearchX } from 'lucide-react';
import { Suspense, lazy, useEffect, useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import {
  checkoutOutcomeQueryOptions,
  isAwaitingConfirmation,
  type CheckoutOutcome,
} from '../api.ts';
import { clearBookingDraft } from '../booking-draft.ts';
import { formatMoment } from '../../../lib/business-time.ts';
import { PAY_NOW_MESSAGE, visitMoment } from '../../../lib/visit-words.ts';
import { formatAmount, formatPaymentStatus } from '../checkout-words.ts';
import { PAYMENT_NOT_FOUND } from '@pitstop/shared/booking/alerts';
import { CheckoutHeading } from '../components/checkout-heading.tsx';
import { CheckoutShell } from '../components/checkout-shell.tsx';
import { Expired, Unpaid } from '../components/checkout-unpaid.tsx';

// The note that the car is in My Garage and the offer to keep the address load after the page is
// shown: they are not what a customer who just paid waits for.
const SaveAfterBooking = lazy(async () => ({
  default: (await import('../components/save-after-booking.tsx')).SaveAfterBooking,
}));

export function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() ?? '';
  if (!sessionId) return <NotFound />;
  return <CheckoutOutcome sessionId={sessionId} />;
}

function CheckoutOutcome({ sessionId }: { sessionId: string }) {
  const outcome = useQuery(checkoutOutcomeQueryOptions(sessionId));
  const isPaid = outcome.data?.state === 'paid';

  useEffect(() => {
    if (isPaid) clearBookingDraft();
  }, [isPaid]);

  if (outcome.isPending) {
    return (
      <CheckoutShell title="Checking your payment">
        <LoadingState label="Checking your payment…" />
      </CheckoutShell>
    );
  }
  if (outcome.isError) {
    if (outcome.error instanceof ApiError && outcome.error.status === 404) return <NotFound />;
    return (
      <CheckoutShell title="Checking your payment">
        <ErrorState
          title="We couldn't check this payment"
          message={errorMessage(outcome.error, 'Please try again in a moment.')}
          onRetry={() => void outcome.refetch()}
          isRetrying={outcome.isFetching}
        />
        <HomeLinks />
      </CheckoutShell>
    );
  }
  const { data } = outcome;
  if (data.state === 'paid') return <Paid outcome={data} />;
  if (data.state === 'expired') return <Expired outcome={data} />;
  if (isAwaitingConfirmation(data)) return <Confirming />;
  return (
    <Unpaid
      outcome={data}
      onCheckAgain={() => void outcome.refetch()}
      isChecking={outcome.isFetching}
    />
  );
}

function Paid({ outcome }: { outcome: CheckoutOutcome }) {
  const { data: business } = useBusinessProfile();
  const messageId = useId();
  const { visit, order } = outcome;
  return (
    <CheckoutShell title="Payment Successful!">
      <CheckoutHeading
        icon={<CheckCircle2 />}
        title="Payment Successful!"
        tone="bg-green-50 text-success"
        describedBy={messageId}
      />
      <p className="mt-2 text-center text-sm text-muted-foreground">
        Order <span className="font-semibold text-foreground">{outcome.orderNumber}</span>
      </p>
      <div id={messageId} className="mt-4 space-y-2 text-center text-muted-foreground text-pretty">
        {outcome.kind === 'visit' && visit ? (
          <>
            <p>
              Thank you for your booking. We&apos;ll see you on{' '}
              <strong className="font-semibold text-foreground">{visitMoment(visit)}</strong>.
            </p>
            <p>
              Our team will contact you to confirm your appointment. A confirmation e-mail is on its
              way.
            </p>
          </>
        ) : (
          <p>{PAY_NOW_MESSAGE}</p>
        )}
      </div>

      {order && (
        <section aria-labelledby="order-heading" className="mt-6 rounded-xl bg-muted p-4">
          <h2 id="order-heading" className="text-sm font-semibold">
            Order details
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <OrderRow label="Amount">{formatAmount(order)}</OrderRow>
            <OrderRow label="Payment Status">{formatPaymentStatus(order.paymentStatus)}</OrderRow>
            <OrderRow label="Order Date">
              {formatMoment(order.orderDate, 'long', business?.timeZone)}
            </OrderRow>
            {outcome.services.length > 0 && (
              <OrderRow label="Services">{outcome.services.join(', ')}</OrderRow>
            )}
          </dl>
        </section>
      )}
      <HomeLinks />
      {/* Last: the address offer appears once the profile is read, and moves nothing above it. */}
      <Suspense fallback={null}>
        <SaveAfterBooking
          vehicle={outcome.vehicle}
          address={outcome.address}
          garageVehicleId={outcome.garageVehicleId}
        />
      </Suspense>
    </CheckoutShell>
  );
}

function OrderRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium text-foreground">{children}</dd>
    </>
  );
}

function Confirming() {
  return (
    <CheckoutShell title="Confirming your payment">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
        <CheckoutHeading
          icon={<Spinner className="size-7" />}
          title="Confirming your payment…"
          tone="bg-brand-50 text-primary"
        />
        <p className="text-center text-muted-foreground text-pretty">
          Your payment is being confirmed. This usually takes a few seconds; this page updates by
          itself.
        </p>
      </div>
    </CheckoutShell>
  );
}

function NotFound() {
  return (
    <CheckoutShell title="Payment not found">
      <CheckoutHeading
        icon={<SearchX />}
        title={PAYMENT_NOT_FOUND}
        tone="bg-muted text-muted-foreground"
      />
      <p className="mt-4 text-center text-muted-foreground text-pretty">
        The link may be incomplete, or the payment belongs to another account. If you were charged,
        please contact us and we&apos;ll sort it out.
      </p>
      <HomeLinks />
    </CheckoutShell>
  );
}

function HomeLinks() {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Button asChild size="lg">
        <Link to={PATHS.home}>Back to Home</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={PATHS.services}>View Services</Link>
      </Button>
    </div>
  );
}
