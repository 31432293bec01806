// A customer cancels their own visit from My Appointments against the API doubles: the terms say
// what comes back, the refund shown is the one confirmed; changed terms are read again and
// confirmed a second time; a refund the provider refuses changes nothing and says so.
import {
  cancelledVisitResponseSchema,
  CANCEL_OFF_MESSAGE,
  cancelMyVisitRequestSchema,
  MANAGE_VISIT_MESSAGES,
  visitTermsResponseSchema,
} from '@pitstop/shared/appointments/manage';
import type { VisitTermsResponse } from '@pitstop/shared/appointments/manage';
import type { MyVisit } from '@pitstop/shared/appointments/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { makeVisit, seedMyAppointments } from '../../../test/msw/handlers/appointments.ts';
import { apiError, readBody, respond } from '../../../test/msw/respond.ts';
import { lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The dialog is lazy: load it once up front.
  await import('./cancel-visit-dialog.tsx');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const PHONE = '(555) 010-4477';
const EARLY = {
  allowed: true,
  withinCutoff: false,
  feeCents: 0,
  refundCents: 7999,
  summary: 'You will be refunded $79.99',
  message: null,
};
const LATE = {
  allowed: true,
  withinCutoff: true,
  feeCents: 2000,
  refundCents: 5999,
  summary: 'This visit is less than 24 hours away: $20.00 cancellation fee, $59.99 refunded',
  message: null,
};

function termsOf(visit: MyVisit, cancel: Partial<VisitTermsResponse['cancel']>) {
  return {
    bookingId: visit.bookingId!,
    startsAt: visit.startsAt,
    businessPhone: PHONE,
    reschedule: { allowed: true, cutoffAt: '2026-03-15T13:00:00.000Z', message: null },
    cancel: { cutoffAt: '2026-03-15T13:00:00.000Z', paidCents: 7999, ...EARLY, ...cancel },
  };
}

/**
 * A customer with one visit on Monday at 9:00. The server's terms are `terms` until a test
 * changes them; a cancel confirming another refund is refused as changed terms.
 */
function setup(cancel: Partial<VisitTermsResponse['cancel']> = {}) {
  const customer = signInAs({ role: 'customer' });
  const visit = makeVisit({
    date: '2026-03-16',
    time: '09:00',
    services: [{ serviceName: 'Basic Oil Change' }],
  });
  seedMyAppointments(customer, { upcoming: [visit] });
  const server_ = { terms: termsOf(visit, cancel) };
  const base = `/api/my/visits/${visit.bookingId}`;
  server.use(
    http.get(`${base}/terms`, () => respond(visitTermsResponseSchema, server_.terms)),
    http.post(`${base}/cancel`, async ({ request }) => {
      const read = await readBody(request, cancelMyVisitRequestSchema);
      if (!read.ok) return read.response;
      if (read.data.refundCents !== server_.terms.cancel.refundCents) {
        return apiError('CONFLICT', MANAGE_VISIT_MESSAGES.termsChanged);
      }
      const cancelled = visit.services.map((service) => ({
        ...service,
        status: 'cancelled' as const,
      }));
      seedMyAppointments(customer, { past: [{ ...visit, services: cancelled }] });
      return respond(cancelledVisitResponseSchema, {
        bookingId: visit.bookingId!,
        refundCents: server_.terms.cancel.refundCents,
        feeCents: server_.terms.cancel.feeCents,
      });
    }),
  );
  const user = userEvent.setup();
  renderApp('/profile');
  return { user, visit, base, server: server_ };
}

async function openCancel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', {
      name: 'Cancel visit: Basic Oil Change on Monday, March 16, 2026 at 9:00 AM',
    }),
  );
  return screen.findByRole('dialog', { name: 'Cancel visit' });
}

describe('cancelling a visit', () => {
  it('shows the refund, confirms that amount, and takes the visit off the list', async () => {
    const { user, base } = setup();

    const dialog = await openCancel(user);
    expect(await within(dialog).findByText('You will be refunded $79.99')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));

    expect(
      await screen.findByText('Visit cancelled. $79.99 will be refunded.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await lastBodyOf('POST', `${base}/cancel`)).toEqual({ refundCents: 7999 });
    expect(await screen.findByText('No upcoming visits.')).toBeInTheDocument();
  });

  it('keeps the visit on Keep visit, sending nothing', async () => {
    const { user, base } = setup(LATE);

    const dialog = await openCancel(user);
    expect(await within(dialog).findByText(LATE.summary)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep visit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await lastBodyOf('POST', `${base}/cancel`)).toBeUndefined();
  });

  it('reads the terms again when they changed meanwhile, and asks once more with the new amount', async () => {
    const { user, visit, base, server: api } = setup();

    const dialog = await openCancel(user);
    await within(dialog).findByText(EARLY.summary);
    // The cut-off passes while the dialog is open.
    api.terms = termsOf(visit, LATE);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));

    expect(await within(dialog).findByText(MANAGE_VISIT_MESSAGES.termsChanged)).toBeInTheDocument();
    expect(await within(dialog).findByText(LATE.summary)).toBeInTheDocument();
    expect(
      screen.getByRole('article', { name: /Monday, March 16, 2026/, hidden: true }),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));
    expect(
      await screen.findByText('Visit cancelled. $59.99 will be refunded.'),
    ).toBeInTheDocument();
    expect(await lastBodyOf('POST', `${base}/cancel`)).toEqual({ refundCents: 5999 });
  });

  it("shows the provider's refusal and keeps the visit", async () => {
    const { user, base } = setup();
    const refused = 'The refund could not be made, so nothing was changed. Please try again later.';
    server.use(http.post(`${base}/cancel`, () => apiError('PAYMENT_FAILED', refused)));

    const dialog = await openCancel(user);
    await within(dialog).findByText(EARLY.summary);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refused);
    expect(screen.getByRole('dialog', { name: 'Cancel visit' })).toBeInTheDocument();
    expect(
      screen.getByRole('article', { name: /Monday, March 16, 2026/, hidden: true }),
    ).toBeInTheDocument();
  });

  it('says whom to call when the business cancels by phone only, offering no cancel', async () => {
    const { user } = setup({
      allowed: false,
      refundCents: 0,
      summary: '',
      message: CANCEL_OFF_MESSAGE(PHONE),
    });

    const dialog = await openCancel(user);
    expect(await within(dialog).findByText(CANCEL_OFF_MESSAGE(PHONE))).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel visit' })).not.toBeInTheDocument();
  });
});
