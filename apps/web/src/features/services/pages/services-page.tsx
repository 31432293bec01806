// The public Services page (/services): every active service as a card, in the catalogue's order,
// each with 'Book Now' and, where it can be paid online, 'Pay Now', which goes straight to the
// checkout for that service.
import { BOOKING_ALERTS, isBookingAlert } from '@pitstop/shared/booking/alerts';
import type { Service } from '@pitstop/shared/services/responses';
import { Wrench } from 'lucide-react';
import { useCallback, useState } from 'react';
import { PATHS } from '@pitstop/shared/web-routes';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { goToCheckout, useBackFromCheckout } from '../../../lib/checkout.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { loadViewer } from '../../../lib/route-guard.tsx';
import { forgetSession } from '../../../lib/viewer.ts';
import { usePayNowCheckout, useServices } from '../api.ts';
import { ServiceCard, ServiceCardSkeleton } from '../components/service-card.tsx';

const SKELETON_COUNT = 3;

export function ServicesPage() {
  const services = useServices();
  const payNow = usePayNow();

  return (
    <>
      <title>Services &amp; Prices · Pitstop</title>
      <section className="relative isolate overflow-hidden bg-brand-950 text-white">
        <div className="absolute inset-0 -z-10 bg-glow-top-right" aria-hidden="true" />
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
            Services &amp; prices
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            Our Services
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-300 text-pretty">
            Upfront prices for every visit. Pick a service and a licensed technician comes to your
            home or workplace with everything needed.
          </p>
        </div>
      </section>

      <section aria-label="Services" className="bg-slate-50 py-10 sm:py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {services.isPending ? (
            <div role="status" aria-live="polite">
              <span className="sr-only">Loading services…</span>
              <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {Array.from({ length: SKELETON_COUNT }, (_, index) => (
                  <li key={index}>
                    <ServiceCardSkeleton />
                  </li>
                ))}
              </ul>
            </div>
          ) : services.isError ? (
            <ErrorState
              title="We couldn't load our services"
              message={errorMessage(
                services.error,
                'Something went wrong on our side. Please try again in a moment.',
              )}
              onRetry={() => void services.refetch()}
              isRetrying={services.isFetching}
              className="mx-auto max-w-xl"
            />
          ) : services.data.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {services.data.map((service) => (
                <li key={service.id}>
                  <ServiceCard
                    service={service}
                    onPayNow={payNow.start}
                    isPaying={payNow.pendingId === service.id}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}

/**
 * 'Pay Now': signed out, to /login with the spec's message,
 * coming back here; signed in, straight to the checkout for that one service. Waits for the
 * session check if it has not answered yet.
 */
function usePayNow() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = usePayNowCheckout();
  const [pendingId, setPendingId] = useState<string | null>(null);
  useBackFromCheckout(useCallback(() => setPendingId(null), []));

  async function toSignIn() {
    toast.info(BOOKING_ALERTS.signInRequired);
    await navigate(PATHS.login, { state: { from: PATHS.services } });
  }

  async function start(service: Service) {
    setPendingId(service.id);
    let isLeaving = false;
    try {
      if (!(await loadViewer(queryClient))) {
        await toSignIn();
        return;
      }
      const { checkoutUrl } = await checkout.mutateAsync({
        serviceId: service.id,
        idempotencyKey: newIdempotencyKey(),
      });
      goToCheckout(checkoutUrl);
      // The button stays busy while the browser leaves for the payment page.
      isLeaving = true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        forgetSession(queryClient);
        await toSignIn();
        return;
      }
      const isAlert = error instanceof ApiError && isBookingAlert(error.message);
      toast.error(isAlert ? error.message : BOOKING_ALERTS.payNowCheckoutFailed);
    } finally {
      if (!isLeaving) setPendingId(null);
    }
  }

  return { start: (service: Service) => void start(service), pendingId };
}

function EmptyState() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-card border border-dashed border-input bg-background px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <Wrench className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">No services are available right now</p>
      <p className="text-sm text-muted-foreground">
        Please check back soon, or get in touch using the contact details below.
      </p>
    </div>
  );
}
