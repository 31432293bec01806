import { balancePaidWords } from '@pitstop/shared/appointments/balance';
import {
  cancelledVisitResponseSchema,
  cancelVisitRequestSchema,
  MANAGE_VISIT_MESSAGES,
} from '@pitstop/shared/appointments/manage';
import {
  visitPaymentResponseSchema,
  type VisitPaymentResponse,
} from '@pitstop/shared/appointments/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import {
  seedStaffAppointments,
  staffAppointmentsOfVisit,
} from '../../../test/msw/handlers/staff-appointments.ts';
import { apiError, readBody, respond } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page and the dialog are lazy: load them once up front.
  await Promise.all([
    import('../pages/appointments-page.tsx'),
    import('./cancel-visit-dialog.tsx'),
  ]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const CASEY = 'Casey Customer, Synthetic Oil Change';
const DANA = 'Dana Driver, Tire Rotation';

/** The doubles' payments by booking, as the server would report them; a cancel adds a refund. */
let payments = new Map<string, VisitPaymentResponse>();

function paymentOf(bookingId: string, overrides: Partial<VisitPaymentResponse> = {}) {
  return {
    bookingId,
    orderNumber: 'PS-10001',
    provider: 'stripe',
    amountCents: 7999,
    paidAt: '2026-03-10T14:05:00.000Z',
    refundedCents: 0,
    refunds: [],
    choices: { policy: 5999, full: 7999, none: 0 },
    cancellable: true,
    balancePayments: [],
    ...overrides,
  };
}

/** Doubles of the staff's payment read and cancel, deciding as the visits feature does. */
function servePayments() {
  server.use(
    http.get('/api/visits/:bookingId/payment', ({ params }) => {
      const payment = payments.get(String(params.bookingId));
      if (!payment) return apiError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
      return respond(visitPaymentResponseSchema, payment);
    }),
    http.post('/api/visits/:bookingId/cancel', async ({ params, request }) => {
      const bookingId = String(params.bookingId);
      const payment = payments.get(bookingId);
      if (!payment) return apiError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
      const body = await readBody(request, cancelVisitRequestSchema);
      if (!body.ok) return body.response;
      if (!payment.cancellable) return apiError('CONFLICT', MANAGE_VISIT_MESSAGES.alreadyCancelled);
      const refundCents = payment.choices[body.data.refund];
      for (const row of staffAppointmentsOfVisit(bookingId)) row.status = 'cancelled';
      payments.set(bookingId, {
        ...payment,
        cancellable: false,
        refundedCents: payment.refundedCents + refundCents,
        refunds: [
          ...payment.refunds,
          {
            id: `refund-${payment.refunds.length + 1}`,
            amountCents: refundCents,
            createdAt: TEST_NOW.toISOString(),
            reason: body.data.reason ?? '',
            status: 'succeeded',
          },
        ],
        choices: { policy: 0, full: 0, none: 0 },
      });
      return respond(cancelledVisitResponseSchema, {
        bookingId,
        refundCents,
        feeCents: payment.amountCents - refundCents,
      });
    }),
  );
}

function setup(caseyPayment: Partial<VisitPaymentResponse> = {}) {
  const [casey, dana] = seedStaffAppointments([
    { customerName: 'Casey Customer', serviceName: 'Synthetic Oil Change', time: '15:30' },
    { customerName: 'Dana Driver', serviceName: 'Tire Rotation', status: 'cancelled' },
    { customerName: 'Eli Early', serviceName: 'Brake Check', status: 'completed' },
  ]);
  payments = new Map([
    [casey!.bookingId!, paymentOf(casey!.bookingId!, caseyPayment)],
    [
      dana!.bookingId!,
      paymentOf(dana!.bookingId!, {
        orderNumber: 'PS-10002',
        refundedCents: 2500,
        refunds: [
          {
            id: 'refund-1',
            amountCents: 2500,
            createdAt: '2026-03-12T18:30:00.000Z',
            reason: 'Customer cancelled late',
            status: 'succeeded',
          },
        ],
        choices: { policy: 0, full: 0, none: 0 },
        cancellable: false,
      }),
    ],
  ]);
  servePayments();
  signInAs({ role: 'manager' });
  const user = userEvent.setup();
  renderApp('/manager/appointments');
  return { user, casey: casey!, dana: dana! };
}

async function openCancel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: `Cancel visit for ${CASEY}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel visit' });
  await within(dialog).findByText('PS-10001');
  return dialog;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('cancelling a visit', () => {
  it('shows the order, what was paid and each refund choice with the amount it refunds now', async () => {
    const { user } = setup();

    const dialog = await openCancel(user);
    expect(dialog).toHaveTextContent(CASEY);
    expect(dialog).toHaveTextContent('$79.99');
    // Paid at 14:05 UTC: 10:05 AM in New York.
    expect(dialog).toHaveTextContent('Mar 10, 2026, 10:05 AM');
    expect(within(dialog).getByText('No refunds yet.')).toBeInTheDocument();
    const refund = within(dialog).getByRole('group', { name: 'Refund' });
    expect(within(refund).getByRole('radio', { name: 'Refund by policy ($59.99)' })).toBeChecked();
    expect(within(refund).getByRole('radio', { name: 'Full refund ($79.99)' })).not.toBeChecked();
    expect(within(refund).getByRole('radio', { name: 'No refund' })).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAttribute(
      'maxlength',
      '200',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep visit' })).toBeInTheDocument();
  });

  it('lists the balance paid online with its time and services, an expired checkout left out', async () => {
    const balance = {
      id: 'balance-1',
      amountCents: 2499,
      createdAt: '2026-03-11T15:00:00.000Z',
      services: ['Tire Rotation', 'Wiper Blades'],
    };
    const { user } = setup({
      balancePayments: [
        { ...balance, status: 'paid', paidAt: '2026-03-11T15:04:00.000Z' },
        { ...balance, id: 'balance-2', status: 'expired', paidAt: null, services: ['Old'] },
      ],
    });

    const dialog = await openCancel(user);
    const section = within(dialog).getByRole('region', { name: 'Balance' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(balancePaidWords(2499));
    // Paid at 15:04 UTC: 11:04 AM in New York.
    expect(items[0]).toHaveTextContent('Mar 11, 2026, 11:04 AM');
    expect(items[0]).toHaveTextContent('Tire Rotation, Wiper Blades');
  });

  it('shows no balance when none was paid online', async () => {
    const { user } = setup();

    const dialog = await openCancel(user);
    expect(within(dialog).queryByRole('region', { name: 'Balance' })).not.toBeInTheDocument();
  });

  it.each([
    { choice: 'Refund by policy ($59.99)', reason: '', sent: { refund: 'policy' }, says: '$59.99' },
    {
      choice: 'Full refund ($79.99)',
      reason: 'Technician fell ill',
      sent: { refund: 'full', reason: 'Technician fell ill' },
      says: '$79.99',
    },
    { choice: 'No refund', reason: '', sent: { refund: 'none' }, says: null },
  ])('sends $sent.refund, says what was refunded and refreshes the row', async (test) => {
    const { user, casey } = setup();

    const dialog = await openCancel(user);
    await user.click(within(dialog).getByRole('radio', { name: test.choice }));
    if (test.reason) await user.type(within(dialog).getByLabelText(/Reason/), test.reason);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));

    const message = test.says
      ? `Visit cancelled. ${test.says} refunded.`
      : 'Visit cancelled. Nothing refunded.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await lastBodyOf('POST', `/api/visits/${casey.bookingId}/cancel`)).toEqual(test.sent);
    // The tables are read again: the row is cancelled and offers its payment instead.
    expect(await screen.findByRole('button', { name: `Payment for ${CASEY}` })).toBeInTheDocument();
    expect(rowOf('Casey Customer')).toHaveTextContent('Cancelled');
    expect(
      screen.queryByRole('button', { name: `Move the visit of ${CASEY}` }),
    ).not.toBeInTheDocument();
  });

  it('says inside the dialog that nothing was changed when the refund could not be made', async () => {
    const { user, casey } = setup();
    server.use(
      http.post('/api/visits/:bookingId/cancel', () =>
        apiError('PAYMENT_FAILED', 'The refund could not be made, nothing was changed.'),
      ),
    );

    const dialog = await openCancel(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Full refund ($79.99)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));

    const alert = await within(dialog).findByText('The refund could not be made');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'Nothing was changed: the visit is still booked. Please try again.',
    );
    // Still open, with the choice kept, to try again.
    expect(within(dialog).getByRole('radio', { name: 'Full refund ($79.99)' })).toBeChecked();
    expect(staffAppointmentsOfVisit(casey.bookingId!)[0]?.status).toBe('scheduled');
  });

  it("shows the server's refusal in the dialog when the visit changed meanwhile", async () => {
    const { user, casey } = setup();

    const dialog = await openCancel(user);
    // A colleague cancels it first.
    payments.set(casey.bookingId!, { ...payments.get(casey.bookingId!)!, cancellable: false });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));

    expect(
      await within(dialog).findByText(MANAGE_VISIT_MESSAGES.alreadyCancelled),
    ).toBeInTheDocument();
    // The payment is read again: no choices are offered any more.
    await waitFor(() => expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument());
    expect(within(dialog).getByText('This visit can no longer be cancelled.')).toBeVisible();
  });

  it('shows a field message the server sends at the field', async () => {
    const { user } = setup();
    server.use(
      http.post('/api/visits/:bookingId/cancel', () =>
        apiError('VALIDATION', 'Use at most 200 characters', {
          reason: 'Use at most 200 characters',
        }),
      ),
    );

    const dialog = await openCancel(user);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Too long, the server says');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));

    const reason = within(dialog).getByLabelText(/Reason/);
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription('Use at most 200 characters');
  });
});

describe("a visit's payment, read only", () => {
  it("shows a cancelled visit's order and refunds, with nothing to choose", async () => {
    const { user, dana } = setup();

    await user.click(await screen.findByRole('button', { name: `Payment for ${DANA}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(await within(dialog).findByText('PS-10002')).toBeInTheDocument();
    const refunds = within(dialog).getByRole('region', { name: 'Refunds' });
    // Refunded at 18:30 UTC: 2:30 PM in New York (daylight time from March 8).
    expect(within(refunds).getByRole('listitem')).toHaveTextContent(
      '$25.00Mar 12, 2026, 2:30 PMCustomer cancelled late',
    );
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel visit' })).not.toBeInTheDocument();
    expect(apiCalls()).toContain(`GET /api/visits/${dana.bookingId}/payment`);

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers nothing on a visit under way or done', async () => {
    setup();

    await screen.findByRole('button', { name: `Cancel visit for ${CASEY}` });
    // Its Messages stay (what the customer was sent), nothing to cancel or pay.
    expect(
      screen.queryByRole('button', { name: /^(Cancel visit|Payment) for .*Brake Check/ }),
    ).not.toBeInTheDocument();
  });

  it('shows the payment only when the server says the visit can no longer be cancelled', async () => {
    const { user } = setup({ cancellable: false });

    const dialog = await openCancel(user);
    expect(within(dialog).getByText('This visit can no longer be cancelled.')).toBeVisible();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });
});
