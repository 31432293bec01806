// /checkout-success against the API doubles.
import type { CheckoutOutcomeResponse } from '@pitstop/shared/booking/responses';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedCheckoutSession } from '../../../test/msw/handlers/booking.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('./checkout-success-page.tsx');
});

const paidVisit: CheckoutOutcomeResponse = {
  state: 'paid',
  kind: 'visit',
  visit: { date: '2026-03-16', time: '09:00' },
  services: ['Basic Oil Change', 'Synthetic Oil Change'],
  order: {
    orderId: 'order_7f3a',
    amountTotal: 12998,
    currency: 'usd',
    paymentStatus: 'paid',
    orderDate: '2026-03-14T15:05:00.000Z',
  },
};

const confirming: CheckoutOutcomeResponse = { ...paidVisit, state: 'confirming', order: null };

describe('/checkout-success', () => {
  it('shows Payment Successful!, the visit and the order, and forgets the booking draft', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_test_1', customer.user.userId, [paidVisit]);
    sessionStorage.setItem('pitstop.booking-draft', JSON.stringify({ city: 'Springfield' }));
    renderApp('/checkout-success?session_id=cs_test_1');

    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/we'll see you on/i)).toHaveTextContent(
      "We'll see you on Monday, March 16, 2026 at 9:00 AM.",
    );
    expect(screen.getByText(/Our team will contact you/)).toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Order details' });
    const row = (label: string) => within(order).getByText(label).nextElementSibling;
    expect(row('Order ID')).toHaveTextContent('order_7f3a');
    expect(row('Amount')).toHaveTextContent('$129.98');
    expect(row('Payment Status')).toHaveTextContent('Paid');
    // 15:05 UTC is 11:05 in New York, the business's zone.
    expect(row('Order Date')).toHaveTextContent('March 14, 2026 at 11:05 AM');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Services' })).toHaveAttribute(
      'href',
      '/services',
    );
    await waitFor(() => expect(sessionStorage.getItem('pitstop.booking-draft')).toBeNull());
  });

  it('says a pay-now order will be scheduled by the team', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_pay_now_1', customer.user.userId, [
      { ...paidVisit, kind: 'pay_now', visit: null, services: ['Battery Service'] },
    ]);
    renderApp('/checkout-success?session_id=cs_pay_now_1');
    expect(
      await screen.findByText('Our team will contact you to schedule your service.'),
    ).toBeInTheDocument();
  });

  it('says the payment is being confirmed, and asks again until it is paid', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_test_2', customer.user.userId, [confirming, confirming, paidVisit]);
    renderApp('/checkout-success?session_id=cs_test_2');

    const message = await screen.findByText(/Your payment is being confirmed\./);
    expect(message.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 6_000 }),
    ).toBeInTheDocument();
  }, 10_000);

  it('says an expired checkout charged nothing and offers to book again', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_test_3', customer.user.userId, [
      { ...paidVisit, state: 'expired', order: null },
    ]);
    renderApp('/checkout-success?session_id=cs_test_3');
    expect(
      await screen.findByRole('heading', { name: 'This checkout has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/booking');
  });

  it.each([
    ['an unknown session', '/checkout-success?session_id=cs_nope'],
    ["another customer's session", '/checkout-success?session_id=cs_theirs'],
    ['no session at all', '/checkout-success'],
  ])('reveals nothing about %s', async (_case, path) => {
    const other = signInAs({ role: 'customer', name: 'Other Customer' });
    seedCheckoutSession('cs_theirs', other.user.userId, [paidVisit]);
    signInAs({ role: 'customer' });
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: "We couldn't find this payment." }),
    ).toBeInTheDocument();
    expect(screen.queryByText('order_7f3a')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Services' })).toHaveAttribute(
      'href',
      '/services',
    );
  });

  it('sends a signed-out visitor to sign in and back to this payment', async () => {
    const { router } = renderApp('/checkout-success?session_id=cs_test_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/checkout-success?session_id=cs_test_1',
    );
  });
});
