// Routes of the booking flow (SPEC section 2): the booking form inside the public layout (open to
// everyone: the sign-in check comes at submit, section 6), and the checkout's return page, a
// full page of its own that only the signed-in customer who paid may read.
import { PATHS } from '@pitstop/shared/web-routes';
import { redirect } from 'react-router';
import { prefetchLoader, type FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { loginPathReturningTo } from '../../lib/return-path.ts';
import { loadViewer } from '../../lib/route-guard.tsx';
import { servicesQueryOptions } from '../../lib/service-catalog.ts';

export const bookingRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    {
      path: PATHS.booking,
      loader: prefetchLoader(queryClient, servicesQueryOptions()),
      lazy: async () => ({ Component: (await import('./pages/booking-page.tsx')).BookingPage }),
    },
  ],
  standalone: [
    {
      path: PATHS.checkoutSuccess,
      // Signed out (a new browser, an expired session): sign in, then come back to this payment.
      loader: async ({ request }) => {
        if (await loadViewer(queryClient)) return null;
        const url = new URL(request.url);
        throw redirect(loginPathReturningTo(`${url.pathname}${url.search}`));
      },
      lazy: async () => ({
        Component: (await import('./pages/checkout-success-page.tsx')).CheckoutSuccessPage,
      }),
    },
  ],
});
