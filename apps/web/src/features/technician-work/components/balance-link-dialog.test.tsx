// A job's balance on the technician's dashboard against the API doubles: Payment link opens Pay
// the balance with the amount, the QR code and the link, and E-mail link sends it; a paid balance
// is said on the card instead.
import { balanceLinkSentWords, balancePaidWords } from '@pitstop/shared/appointments/balance';
import {
  balanceLinkSentResponseSchema,
  jobBalanceLinkResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeJob, seedTechnicianWork } from '../../../test/msw/handlers/technician-work.ts';
import { apiError, respond } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The dialog is lazy: load it once up front.
  await import('./balance-link-dialog.tsx');
});

const LINK = 'https://pitstop.test/profile?visit=booking-1';
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';

async function openDashboard(job: Parameters<typeof makeJob>[0]) {
  const account = signInAs({ role: 'technician', name: 'Ann Lee', onboardingComplete: true });
  const seeded = makeJob({ customerName: 'Grace Hopper', bookingId: 'booking-1', ...job });
  seedTechnicianWork(account, { jobs: [seeded] });
  const user = userEvent.setup();
  renderApp('/technician-dashboard');
  await screen.findByRole('heading', { name: /Welcome back/ });
  const card = screen.getByRole('article');
  return { user, card, job: seeded };
}

/** The link of `jobId`'s visit; paid once `paidAfter` reads were answered (never by default). */
function serveLink(jobId: string, paidAfter = Infinity) {
  let asked = 0;
  server.use(
    http.get('/api/technician/jobs/:id/balance-link', ({ params }) => {
      expect(params.id).toBe(jobId);
      const paid = (asked += 1) > paidAfter;
      return respond(jobBalanceLinkResponseSchema, {
        balanceDueCents: paid ? 0 : 2999,
        paidCents: paid ? 2999 : 0,
        url: LINK,
        qrSvg: QR_SVG,
        emailHint: 'g•••@example.com',
      });
    }),
    http.post('/api/technician/jobs/:id/balance-link/email', () =>
      respond(balanceLinkSentResponseSchema, { sentTo: 'g•••@example.com' }),
    ),
  );
}

describe("a job's balance", () => {
  it('says the balance is paid while the code is shown, as soon as the customer has paid', async () => {
    const { user, card, job } = await openDashboard({ visitBalanceDueCents: 2999 });
    serveLink(job.id, 1);

    await user.click(within(card).getByRole('button', { name: /^Payment link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the balance' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR code of the payment link' }),
    ).toBeVisible();
    // Read again a few seconds later: paid meanwhile.
    await waitFor(
      () => expect(within(dialog).getByRole('status')).toHaveTextContent(balancePaidWords(2999)),
      { timeout: 8000 },
    );
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  }, 15_000);

  it('shows the payment link as a QR code and as text, and e-mails it', async () => {
    const { user, card, job } = await openDashboard({ visitBalanceDueCents: 2999 });
    serveLink(job.id);

    await user.click(within(card).getByRole('button', { name: /^Payment link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the balance' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code of the payment link' });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`,
    );
    expect(dialog).toHaveTextContent('$29.99');
    expect(within(dialog).getByText(LINK)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'E-mail link' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        balanceLinkSentWords('g•••@example.com'),
      ),
    );
    expect(apiCalls()).toContain(`POST /api/technician/jobs/${job.id}/balance-link/email`);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: /^Payment link/ })).toHaveFocus(),
    );
    // The day is read again, for a balance paid while the code was shown.
    await waitFor(() =>
      expect(apiCalls().filter((call) => call === 'GET /api/technician/dashboard')).toHaveLength(2),
    );
  });

  it("shows the server's refusal when the link could not be sent", async () => {
    const { user, card, job } = await openDashboard({ visitBalanceDueCents: 2999 });
    serveLink(job.id);
    server.use(
      http.post('/api/technician/jobs/:id/balance-link/email', () =>
        apiError('NOT_FOUND', 'This job is not yours.'),
      ),
    );

    await user.click(within(card).getByRole('button', { name: /^Payment link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the balance' });
    await user.click(await within(dialog).findByRole('button', { name: 'E-mail link' }));

    expect(await within(dialog).findByText('This job is not yours.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('says the balance is paid, with no payment link, once nothing is due', async () => {
    const { card } = await openDashboard({ visitBalanceDueCents: 0, visitBalancePaidCents: 2999 });

    expect(await within(card).findByText(balancePaidWords(2999))).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Balance due');
    expect(within(card).queryByRole('button', { name: /^Payment link/ })).not.toBeInTheDocument();
  });

  it('offers no payment link for a visit with nothing due or paid', async () => {
    const { card } = await openDashboard({});

    expect(within(card).queryByRole('button', { name: /^Payment link/ })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Balance of');
  });
});
