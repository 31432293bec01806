// On my way on the technician's dashboard against the API doubles: the technician picks an
// arrival, the customer is told and the card says so; the button then reads Running late; a time
// already past is refused with the server's words; a job under way, or the next service of a
// visit under way, offers none of it.
import { VISIT_MESSAGE_WORDS } from '@pitstop/shared/notifications/visit-texts';
import { arrivalResponseSchema } from '@pitstop/shared/technicians/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { makeJob, seedTechnicianWork } from '../../../test/msw/handlers/technician-work.ts';
import { apiError, respond } from '../../../test/msw/respond.ts';
import { server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function openDashboard(job: Parameters<typeof makeJob>[0]) {
  const account = signInAs({ role: 'technician', name: 'Ann Lee', onboardingComplete: true });
  const seeded = makeJob({ customerName: 'Grace Hopper', bookingId: 'booking-1', ...job });
  seedTechnicianWork(account, { jobs: [seeded] });
  const user = userEvent.setup();
  renderApp('/technician-dashboard');
  await screen.findByRole('heading', { name: /Welcome back/ });
  return { user, card: screen.getByRole('article'), job: seeded };
}

beforeEach(() => {
  // The doubles' day (2026-03-14) at 11:00 AM in New York: an arrival in 45 minutes is still that
  // day whenever the suite runs (after about 11:10 PM it would be sent in minutes instead). Only
  // the date is faked: timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('On my way', () => {
  it('tells the customer the arrival chosen, then offers Running late', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/technician/jobs/:id/arrival', async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return respond(arrivalResponseSchema, {
          bookingId: 'booking-1',
          // 15:40 UTC is 10:40 AM in New York, the test business's zone.
          arrivalEstimateAt: '2026-12-01T15:40:00.000Z',
          arrival: '10:40 AM',
          isLate: bodies.length > 1,
          channel: 'sms',
        });
      }),
    );
    const { user, card } = await openDashboard({});
    const group = within(card).getByRole('group', { name: /On my way/ });
    await user.selectOptions(
      within(group).getByLabelText(VISIT_MESSAGE_WORDS.arrivalQuestion),
      'In 45 minutes',
    );
    await user.click(within(group).getByRole('button', { name: /On my way/ }));

    // Sent as the time it means on the business's clock (New York), up to the next 5 minutes, so
    // that a change kept to sync later still says the same moment.
    const sentAt = Date.now();
    expect(bodies).toHaveLength(1);
    const { at } = bodies[0] as { at: string };
    const expected = (offsetMs: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(
        // Up to the next 5 minutes, as the server words a choice in minutes.
        new Date(Math.ceil((sentAt + 45 * 60_000 + offsetMs) / 300_000) * 300_000),
      );
    // The click and this line may fall either side of a minute's turn.
    expect([expected(-60_000), expected(0)]).toContain(at);
    expect(
      await within(card).findByText('Customer told: arriving about 10:40 AM'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Running late/ })).toBeInTheDocument();
  });

  it('sends a time typed, and shows why the server refused it', async () => {
    server.use(
      http.post('/api/technician/jobs/:id/arrival', () =>
        apiError('VALIDATION', VISIT_MESSAGE_WORDS.arrivalInPast, {
          at: VISIT_MESSAGE_WORDS.arrivalInPast,
        }),
      ),
    );
    const { user, card } = await openDashboard({});
    await user.selectOptions(
      within(card).getByLabelText(VISIT_MESSAGE_WORDS.arrivalQuestion),
      VISIT_MESSAGE_WORDS.arrivalAt,
    );
    const send = within(card).getByRole('button', { name: /On my way/ });
    expect(send).toBeDisabled();
    await user.type(within(card).getByLabelText('Arrival time'), '0705AM');
    await user.click(send);
    expect(await screen.findByText(VISIT_MESSAGE_WORDS.arrivalInPast)).toBeInTheDocument();
  });

  it('is not offered once the job has started', async () => {
    const { card } = await openDashboard({ status: 'in-progress' });
    expect(within(card).queryByRole('group', { name: /On my way/ })).toBeNull();
  });

  it("is not offered on a visit's next service once its first one has started", async () => {
    const account = signInAs({ role: 'technician', name: 'Ann Lee', onboardingComplete: true });
    const first = makeJob({ bookingId: 'booking-7', status: 'in-progress' });
    const second = makeJob({ bookingId: 'booking-7', serviceName: 'Battery Service' });
    const other = makeJob({ bookingId: 'booking-8', serviceName: 'Brake Check' });
    seedTechnicianWork(account, { jobs: [first, second, other] });
    renderApp('/technician-dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });
    const cards = screen.getAllByRole('article');
    expect(within(cards[1]!).queryByRole('group', { name: /On my way/ })).toBeNull();
    expect(within(cards[2]!).getByRole('group', { name: /On my way/ })).toBeInTheDocument();
  });
});
