// The /checkout-success outcomes without a payment, each with the way back: a checkout still open
// and unpaid (Pay now at its page), a payment still unconfirmed after the page stopped asking
// (Check again), and a checkout that expired. A visit goes back to /booking, a Pay Now order to
// /services.
import { PATHS } from '@pitstop/shared/web-routes';
import { CircleAlert, Clock3, CreditCard, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { clsx } from 'clsx';
import { Button } from '../../../components/ui/button.tsx';
import { visitMoment } from '../../../lib/visit-words.ts';
import type { CheckoutOutcome } from '../api.ts';
import { CheckoutHeading } from './checkout-heading.tsx';
import { CheckoutShell } from './checkout-shell.tsx';

interface UnpaidProps {
  outcome: CheckoutOutcome;
  onCheckAgain: () => void;
  isChecking: boolean;
}

/**
 * The checkout is open and unpaid (left, or a card declined), or the provider has still not
 * confirmed a payment when the page stopped asking.
 */
export function Unpaid({ outcome, onCheckAgain, isChecking }: UnpaidProps) {
  const messageId = useId();
  const payAt = outcome.openCheckoutUrl === null ? null : webAddress(outcome.openCheckoutUrl);
  const isOpen = outcome.openCheckoutUrl !== null;
  const [hasChecked, setHasChecked] = useState(false);
  const checkAgain = (
    <Button
      type="button"
      size="lg"
      variant={payAt ? 'outline' : 'default'}
      aria-disabled={isChecking}
      onClick={() => {
        if (isChecking) return;
        setHasChecked(true);
        onCheckAgain();
      }}
    >
      <RotateCw className={clsx(isChecking && 'animate-spin')} aria-hidden="true" />
      Check again
    </Button>
  );
  return (
    <CheckoutShell title={isOpen ? 'Payment not completed' : 'Payment not confirmed'}>
      <CheckoutHeading
        icon={<CircleAlert />}
        title={isOpen ? "Your payment hasn't gone through" : "Your payment hasn't gone through yet"}
        tone="bg-amber-50 text-warning"
        describedBy={messageId}
      />
      <div id={messageId} className="mt-4 space-y-2 text-center text-muted-foreground text-pretty">
        {isOpen ? (
          <>
            <p>Nothing was charged, and your checkout is still open.</p>
            <p>
              {outcome.kind === 'visit' && outcome.visit
                ? `Pay now to keep your booking for ${visitMoment(outcome.visit)}, or book again.`
                : 'Pay now to complete your order, or go back to the services.'}
            </p>
          </>
        ) : (
          <>
            <p>We haven&apos;t had a confirmation of your payment from the payment provider.</p>
            <p>
              If you paid, it can take a little longer: check again in a minute, and we&apos;ll
              e-mail you once it&apos;s confirmed. If you didn&apos;t finish paying, nothing was
              charged.
            </p>
          </>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        {payAt ? (
          <>
            <Button asChild size="lg">
              <a href={payAt}>
                <CreditCard aria-hidden="true" />
                Pay now
              </a>
            </Button>
            <WayBack kind={outcome.kind} variant="outline" />
            {checkAgain}
          </>
        ) : (
          <>
            {checkAgain}
            <WayBack kind={outcome.kind} variant="outline" />
          </>
        )}
      </div>
      {/* Says what a check found when nothing changed (the button keeps the focus meanwhile). */}
      <p role="status" className="mt-3 min-h-5 text-center text-sm text-muted-foreground">
        {isChecking
          ? 'Checking…'
          : hasChecked
            ? `Checked again: ${isOpen ? 'this checkout is still unpaid' : 'no confirmation yet'}.`
            : ''}
      </p>
    </CheckoutShell>
  );
}

export function Expired({ outcome }: { outcome: CheckoutOutcome }) {
  const messageId = useId();
  return (
    <CheckoutShell title="Checkout expired">
      <CheckoutHeading
        icon={<Clock3 />}
        title="This checkout has expired"
        tone="bg-amber-50 text-warning"
        describedBy={messageId}
      />
      <p id={messageId} className="mt-4 text-center text-muted-foreground text-pretty">
        {outcome.kind === 'visit'
          ? 'The payment was not completed in time, so nothing was charged and the time you picked was released.'
          : 'The payment was not completed in time, so nothing was charged.'}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <WayBack kind={outcome.kind} variant="default" />
        <Button asChild size="lg" variant="outline">
          <Link to={PATHS.home}>Back to Home</Link>
        </Button>
      </div>
    </CheckoutShell>
  );
}

/** Book again for a visit; Back to services for a Pay Now order (bought from that page). */
function WayBack({
  kind,
  variant,
}: {
  kind: CheckoutOutcome['kind'];
  variant: 'default' | 'outline';
}) {
  return (
    <Button asChild size="lg" variant={variant}>
      {kind === 'pay_now' ? (
        <Link to={PATHS.services}>Back to services</Link>
      ) : (
        <Link to={PATHS.booking}>Book again</Link>
      )}
    </Button>
  );
}

/** The address as given when it is an http(s) one; anything else could run script here. */
function webAddress(address: string): string | null {
  try {
    const { protocol } = new URL(address, window.location.origin);
    return protocol === 'https:' || protocol === 'http:' ? address : null;
  } catch {
    return null;
  }
}
