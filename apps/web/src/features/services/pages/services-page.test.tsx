import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { stubLocationAssign } from '../../../test/location.ts';
import { failNextBooking, storedPayNows } from '../../../test/msw/handlers/booking.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

// The routes load their page lazily; load it once up front so the first test is not slower.
beforeAll(async () => {
  await import('./services-page.tsx');
});

const location = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

const basic = makeService('Basic Oil Change', {
  icon: 'Droplets',
  price: 49.99,
  duration: '30-45 minutes',
  includes: ['Oil filter replacement', 'Fluid level check'],
});
const battery = makeService('Battery Service', { icon: 'Battery', price: 29.99 });
const inspection = makeService('Free Inspection', { icon: 'Gauge', price: 0 });

describe('Services page', () => {
  it('shows the cards in order with price, name, description, includes and duration', async () => {
    seedServices([basic, battery, inspection]);
    renderApp('/services');
    const cards = await screen.findAllByRole('article');
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Basic Oil Change', 'Battery Service', 'Free Inspection']);
    const first = cards[0]!;
    expect(first).toHaveTextContent('$49.99');
    expect(first).toHaveTextContent('Basic Oil Change description');
    expect(first).toHaveTextContent('Oil filter replacement');
    expect(first).toHaveTextContent('30-45 minutes');
    expect(within(first).getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      '/booking?service=basic-oil-change',
    );
  });

  it('offers Pay Now only for services that can be paid online', async () => {
    seedServices([basic, inspection]);
    renderApp('/services');
    const [paid, free] = await screen.findAllByRole('article');
    expect(within(paid!).getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(within(free!).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor who presses Pay Now to /login, to come back here', async () => {
    seedServices([basic]);
    const { router } = renderApp('/services');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/services' });
    expect(await screen.findByText('Please sign in to book an appointment.')).toBeInTheDocument();
    expect(storedPayNows()).toEqual([]);
  });

  it('takes a signed-in customer straight to the checkout for that one service', async () => {
    const assign = stubLocationAssign();
    signInAs({ role: 'customer' });
    seedServices([basic, battery]);
    const { router } = renderApp('/services');
    await screen.findByRole('button', { name: /Account menu/ });
    const [, batteryCard] = await screen.findAllByRole('article');
    await userEvent.click(within(batteryCard!).getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/local/cs_pay_now_1'));
    const body = (await lastBodyOf('POST', '/api/bookings/pay-now')) as Record<string, unknown>;
    expect(body.serviceId).toBe('battery-service');
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(body).sort()).toEqual(['idempotencyKey', 'serviceId']);
    expect(location(router)).toBe('/services');
  });

  it("says 'Failed to start checkout. Please try again.' when the checkout cannot start", async () => {
    signInAs({ role: 'customer' });
    seedServices([basic]);
    failNextBooking('payment-failed');
    renderApp('/services');
    await screen.findByRole('button', { name: /Account menu/ });
    const payNow = await screen.findByRole('button', { name: 'Pay Now' });
    await userEvent.click(payNow);
    expect(
      await screen.findByText('Failed to start checkout. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(payNow).toBeEnabled());
  });

  it("shows the spec's alert for a service that cannot be paid online", async () => {
    signInAs({ role: 'customer' });
    seedServices([basic]);
    const message =
      'Payment processing not available for selected service. Please contact us directly.';
    server.use(http.post('/api/bookings/pay-now', () => apiError('VALIDATION', message)));
    renderApp('/services');
    await screen.findByRole('button', { name: /Account menu/ });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows a loading state, then an error with Try Again', async () => {
    seedServices([basic]);
    let isDown = true;
    // Down until the visitor tries again; then the catalogue's own double answers.
    server.use(
      http.get('/api/services', () => (isDown ? apiError('INTERNAL', 'Server error') : undefined)),
    );
    renderApp('/services');
    expect(await screen.findByText('Loading services…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load our services");
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Basic Oil Change' })).toBeInTheDocument();
  });

  it('says so when there are no services', async () => {
    renderApp('/services');
    await waitFor(() =>
      expect(screen.getByText('No services are available right now')).toBeInTheDocument(),
    );
  });
});
