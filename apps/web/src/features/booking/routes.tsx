// Routes of the booking flow: the booking form inside the public layout (open to everyone: the
// sign-in check comes at submit), and the checkout's return page, a full page of its own that only
// the signed-in customer who paid may read.
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/defaults';
import { PATHS } from '@pitstop/shared/web-routes';
import { redirect } from 'react-router';
import { prefetchLoader, type FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { loginPathReturningTo } from '../../lib/return-path.ts';
import { loadViewer } from '../../lib/route-guard.tsx';
import { servicesQueryOptions } from '../../lib/service-catalog.ts';

// The browser sets up its date and time zone data on the first date read in a zone: about 60 ms
// of a mid-range phone's CPU. The form reads today on the business's clock as it first renders;
// done here, in a task of its own while the page's code downloads, that render does not carry it.
function warmUpBusinessClock() {
  setTimeout(() => {
    new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_TIME_ZONE, timeZoneName: 'longOffset' });
  });
}

export const bookingRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    {
      path: PATHS.booking,
      loader: () => {
        warmUpBusinessClock();
        return prefetchLoader(queryClient, servicesQueryOptions())();
      },
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
