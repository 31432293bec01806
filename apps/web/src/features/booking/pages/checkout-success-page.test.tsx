// /checkout-success against the API doubles.
import type { CheckoutOutcomeResponse } from '@pitstop/shared/booking/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { checkoutSessionLookups, seedCheckoutSession } from '../../../test/msw/handlers/booking.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { CONFIRMING_LIMIT_MS } from '../../../lib/payment-confirmation.ts';

beforeAll(async () => {
  await import('./checkout-success-page.tsx');
});

const paidVisit: CheckoutOutcomeResponse = {
  state: 'paid',
  kind: 'visit',
  visit: { date: '2026-03-16', time: '09:00' },
  services: ['Basic Oil Change', 'Synthetic Oil Change'],
  orderNumber: 'PS-10042',
  order: {
    orderId: 'order_7f3a',
    amountTotal: 12998,
    currency: 'usd',
    paymentStatus: 'paid',
    orderDate: '2026-03-14T15:05:00.000Z',
  },
  openCheckoutUrl: null,
  vehicle: null,
  address: null,
  garageVehicleId: null,
};

const confirming: CheckoutOutcomeResponse = { ...paidVisit, state: 'confirming', order: null };
const CHECKOUT_URL = 'http://localhost:3000/checkout/local/cs_local_still_open';
/** The customer left the checkout (or a card was declined): still open, nothing paid. */
const openUnpaid: CheckoutOutcomeResponse = { ...confirming, openCheckoutUrl: CHECKOUT_URL };
const payNow: Pick<CheckoutOutcomeResponse, 'kind' | 'visit' | 'services'> = {
  kind: 'pay_now',
  visit: null,
  services: ['Battery Service'],
};

/** Longer than one poll (2 s): long enough for the page to have asked again if it were going to. */
const afterAPoll = () => new Promise((resolve) => setTimeout(resolve, 2_500));

afterEach(() => {
  vi.useRealTimers();
});

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
    // The order by the number the customer quotes, not the order's id.
    expect(screen.getByText('PS-10042').parentElement).toHaveTextContent(/^Order PS-10042$/);
    expect(screen.queryByText('order_7f3a')).not.toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Order details' });
    const row = (label: string) => within(order).getByText(label).nextElementSibling;
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

  it('stops asking after the limit, says the payment has not gone through yet, and checks again on request', async () => {
    // Only the clock is faked: the 2 s polls run for real, the answers' times are set by hand.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-14T15:00:00Z'));
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_slow', customer.user.userId, [
      confirming,
      confirming,
      confirming,
      paidVisit,
    ]);
    renderApp('/checkout-success?session_id=cs_slow');
    expect(
      await screen.findByRole('heading', { name: 'Confirming your payment…' }),
    ).toBeInTheDocument();

    vi.setSystemTime(new Date(Date.now() + CONFIRMING_LIMIT_MS));
    const heading = await screen.findByRole(
      'heading',
      { name: "Your payment hasn't gone through yet", level: 1 },
      { timeout: 4_000 },
    );
    // The change is announced: the heading takes focus and is described by what happened.
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription(/If you didn't finish paying, nothing was charged/);
    expect(checkoutSessionLookups('cs_slow')).toBe(2);
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/booking');

    await afterAPoll();
    expect(checkoutSessionLookups('cs_slow')).toBe(2);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Checked again: no confirmation yet.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(checkoutSessionLookups('cs_slow')).toBe(3);
    expect(screen.getByRole('button', { name: 'Check again' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 }),
    ).toHaveFocus();
  }, 15_000);

  it('says at once that a still-open checkout has not gone through, with Pay now at it', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_open', customer.user.userId, [openUnpaid]);
    renderApp('/checkout-success?session_id=cs_open');
    const heading = await screen.findByRole('heading', {
      name: "Your payment hasn't gone through",
      level: 1,
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Nothing was charged, and your checkout is still open.')).toBeVisible();
    expect(
      screen.getByText(
        'Pay now to keep your booking for Monday, March 16, 2026 at 9:00 AM, or book again.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', CHECKOUT_URL);
    expect(screen.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/booking');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
    expect(screen.queryByText(/Confirming your payment/)).not.toBeInTheDocument();

    // Nothing is coming to confirm, so the page does not ask again by itself.
    await afterAPoll();
    expect(checkoutSessionLookups('cs_open')).toBe(1);
  }, 10_000);

  it('offers a Pay Now order its open checkout and the way back to the services', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_open_pay_now', customer.user.userId, [{ ...openUnpaid, ...payNow }]);
    renderApp('/checkout-success?session_id=cs_open_pay_now');
    expect(
      await screen.findByText('Pay now to complete your order, or go back to the services.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', CHECKOUT_URL);
    expect(screen.getByRole('link', { name: 'Back to services' })).toHaveAttribute(
      'href',
      '/services',
    );
    expect(screen.queryByRole('link', { name: 'Book again' })).not.toBeInTheDocument();
  });

  it('offers no Pay now link to an address that is not a web page', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_open_odd', customer.user.userId, [
      { ...openUnpaid, openCheckoutUrl: 'javascript:alert(1)' },
    ]);
    renderApp('/checkout-success?session_id=cs_open_odd');
    expect(
      await screen.findByRole('heading', { name: "Your payment hasn't gone through" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('says an expired checkout charged nothing and offers to book again', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_test_3', customer.user.userId, [
      { ...paidVisit, state: 'expired', order: null },
    ]);
    renderApp('/checkout-success?session_id=cs_test_3');
    const heading = await screen.findByRole('heading', { name: 'This checkout has expired' });
    expect(heading).toHaveAccessibleDescription(
      'The payment was not completed in time, so nothing was charged and the time you picked was released.',
    );
    expect(screen.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/booking');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('offers an expired Pay Now order the way back to the services', async () => {
    const customer = signInAs({ role: 'customer' });
    seedCheckoutSession('cs_expired_pay_now', customer.user.userId, [
      { ...paidVisit, ...payNow, state: 'expired', order: null },
    ]);
    renderApp('/checkout-success?session_id=cs_expired_pay_now');
    expect(
      await screen.findByRole('heading', { name: 'This checkout has expired' }),
    ).toHaveAccessibleDescription('The payment was not completed in time, so nothing was charged.');
    expect(screen.getByRole('link', { name: 'Back to services' })).toHaveAttribute(
      'href',
      '/services',
    );
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
    expect(screen.queryByText('PS-10042')).not.toBeInTheDocument();
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
