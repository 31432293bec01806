// A visit's balance on My Appointments against the API doubles: Pay balance leaves for the
// payment page the server names, a refusal is shown with the server's words, a paid balance is
// said, and back from paying the page waits for the payment to be confirmed, for so long only.
import { BALANCE_MESSAGES, balancePaidWords } from '@pitstop/shared/appointments/balance';
import {
  balanceCheckoutResponseSchema,
  visitBalanceResponseSchema,
  type BalancePayment,
  type VisitBalanceResponse,
} from '@pitstop/shared/appointments/responses';
import type { MyVisit } from '@pitstop/shared/appointments/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { makeVisit, seedMyAppointments } from '../../../test/msw/handlers/appointments.ts';
import { stubLocationAssign } from '../../../test/location.ts';
import { apiError, respond } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_balance_1';

function seedVisit(seed: Partial<MyVisit> = {}) {
  const customer = signInAs({ role: 'customer' });
  const visit = makeVisit({
    date: '2026-03-10',
    time: '09:00',
    services: [
      { serviceName: 'Basic Oil Change', status: 'completed' },
      { serviceName: 'Tire Rotation', status: 'completed' },
    ],
    balanceDueCents: 2499,
    ...seed,
  });
  seedMyAppointments(customer, { past: [visit] });
  return { visit, customer };
}

const cardOf = async (visit: MyVisit) => {
  await screen.findByRole('region', { name: 'Past' });
  return document.getElementById(`visit-${visit.bookingId}`) as HTMLElement;
};

function pending(amountCents: number): BalancePayment {
  return {
    id: 'balance-1',
    amountCents,
    status: 'pending',
    createdAt: TEST_NOW.toISOString(),
    paidAt: null,
    services: ['Tire Rotation'],
  };
}

/** GET .../balance answers each of `answers` in turn, the last one from then on. */
function serveBalance(visit: MyVisit, answers: Omit<VisitBalanceResponse, 'bookingId'>[]) {
  let asked = 0;
  server.use(
    http.get('/api/my/visits/:bookingId/balance', ({ params }) => {
      expect(params.bookingId).toBe(visit.bookingId);
      const answer = answers[Math.min(asked++, answers.length - 1)]!;
      return respond(visitBalanceResponseSchema, { bookingId: visit.bookingId!, ...answer });
    }),
  );
  return () => asked;
}

describe('paying a visit balance', () => {
  it('asks for a checkout and goes to the payment page it names', async () => {
    const { visit } = seedVisit();
    const assign = stubLocationAssign();
    server.use(
      http.post('/api/my/visits/:bookingId/balance/checkout', () =>
        respond(balanceCheckoutResponseSchema, { url: CHECKOUT_URL }, { status: 201 }),
      ),
    );
    renderApp('/profile');
    const user = userEvent.setup();

    const card = await cardOf(visit);
    expect(card).toHaveTextContent('Balance due: $24.99');
    const pay = within(card).getByRole('button', { name: 'Pay balance: $24.99' });
    await user.click(pay);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(apiCalls()).toContain(`POST /api/my/visits/${visit.bookingId}/balance/checkout`);
    // Busy until the payment page takes over.
    expect(pay).toBeDisabled();
    expect(pay).toHaveAttribute('aria-busy', 'true');
  });

  it("shows the server's refusal and lets the customer try again", async () => {
    const { visit } = seedVisit();
    server.use(
      http.post('/api/my/visits/:bookingId/balance/checkout', () =>
        apiError('CONFLICT', BALANCE_MESSAGES.notPayable),
      ),
    );
    renderApp('/profile');
    const user = userEvent.setup();

    const card = await cardOf(visit);
    const pay = within(card).getByRole('button', { name: /^Pay balance/ });
    await user.click(pay);

    expect(await within(card).findByRole('alert')).toHaveTextContent(BALANCE_MESSAGES.notPayable);
    expect(pay).toBeEnabled();
  });

  it('says what was paid of the balance, with no button once nothing is due', async () => {
    const { visit } = seedVisit({ balanceDueCents: 0, balancePaidCents: 2499 });
    renderApp('/profile');

    const card = await cardOf(visit);
    expect(card).toHaveTextContent(balancePaidWords(2499));
    expect(card).not.toHaveTextContent('Balance due');
    expect(within(card).queryByRole('button', { name: /Pay balance/ })).not.toBeInTheDocument();
  });
});

describe('back from paying a visit balance', () => {
  it('waits while the payment is confirmed, then shows the visit paid', async () => {
    const { visit, customer } = seedVisit();
    const asked = serveBalance(visit, [
      { balanceDueCents: 2499, paidCents: 0, payments: [pending(2499)] },
      { balanceDueCents: 0, paidCents: 2499, payments: [{ ...pending(2499), status: 'paid' }] },
    ]);
    renderApp(`/profile?visit=${visit.bookingId}&balance=paid`);

    const card = await cardOf(visit);
    expect(await within(card).findByRole('status')).toHaveTextContent(BALANCE_MESSAGES.confirming);
    // Paid meanwhile: the list is read again and shows it.
    seedMyAppointments(customer, {
      past: [{ ...visit, balanceDueCents: 0, balancePaidCents: 2499 }],
    });
    expect(
      await within(card).findByText(balancePaidWords(2499), {}, { timeout: 4000 }),
    ).toBeVisible();
    expect(asked()).toBe(2);
    expect(card).not.toHaveTextContent(BALANCE_MESSAGES.confirming);
    expect(card).not.toHaveTextContent('Balance due');
  });

  it('says nothing went wrong when the payment went through and a service was added since', async () => {
    const { visit, customer } = seedVisit();
    serveBalance(visit, [
      {
        balanceDueCents: 1500,
        paidCents: 2499,
        payments: [{ ...pending(2499), status: 'paid' }],
      },
    ]);
    seedMyAppointments(customer, {
      past: [{ ...visit, balanceDueCents: 1500, balancePaidCents: 2499 }],
    });
    renderApp(`/profile?visit=${visit.bookingId}&balance=paid`);

    const card = await cardOf(visit);
    expect(await within(card).findByText(balancePaidWords(2499))).toBeVisible();
    await waitFor(() => expect(within(card).getByRole('status')).toBeEmptyDOMElement());
    expect(card).not.toHaveTextContent(BALANCE_MESSAGES.notYetPaid);
    expect(within(card).getByRole('button', { name: /^Pay balance/ })).toBeEnabled();
  });

  it('says the payment has not gone through once the wait is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW);
    const { visit } = seedVisit();
    serveBalance(visit, [{ balanceDueCents: 2499, paidCents: 0, payments: [pending(2499)] }]);
    renderApp(`/profile?visit=${visit.bookingId}&balance=paid`);

    const card = await cardOf(visit);
    const status = await within(card).findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(BALANCE_MESSAGES.confirming));
    // Half a minute later, still open and unpaid.
    vi.setSystemTime(TEST_NOW.getTime() + 31_000);
    await waitFor(() => expect(status).toHaveTextContent(BALANCE_MESSAGES.notYetPaid), {
      timeout: 4000,
    });
    expect(within(card).getByRole('button', { name: /^Pay balance/ })).toBeEnabled();
  });

  it('waits for nothing on another visit or without the paid mark', async () => {
    const { visit } = seedVisit();
    renderApp(`/profile?visit=${visit.bookingId}`);

    const card = await cardOf(visit);
    expect(card).not.toHaveTextContent(BALANCE_MESSAGES.confirming);
    expect(apiCalls()).not.toContain(`GET /api/my/visits/${visit.bookingId}/balance`);
  });
});
