// Messages on /admin/appointments against the API doubles: each row of a visit opens what its
// customer was sent and what waits, with when (on the business's clock), channel, kind, to whom,
// the subject or words and where each stands; nothing yet, and a failed read, are said.
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import {
  visitMessagesResponseSchema,
  type VisitMessage,
} from '@pitstop/shared/appointments/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { seedStaffAppointments } from '../../../test/msw/handlers/staff-appointments.ts';
import { apiError, respond } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page and the dialog are lazy: load them once up front.
  await Promise.all([
    import('../pages/appointments-page.tsx'),
    import('./visit-messages-dialog.tsx'),
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
const ELI = 'Eli Early, Brake Check';

function message(overrides: Partial<VisitMessage> & Pick<VisitMessage, 'id'>): VisitMessage {
  return {
    channel: 'sms',
    template: 'visit-reminder',
    to: '+15551234567',
    subject: 'Pitstop reminder: your visit is Sun, Mar 15 at 3:30 PM.',
    status: 'sent',
    attempts: 1,
    providerId: null,
    deliveryStatus: null,
    lastError: null,
    notBefore: '2026-03-13T14:00:00.000Z',
    sentAt: null,
    createdAt: '2026-03-13T14:00:00.000Z',
    ...overrides,
  };
}

// Newest first, as the server lists them. New York is on daylight time (UTC-4) from March 8.
const MESSAGES: VisitMessage[] = [
  message({
    id: 'm1',
    status: 'pending',
    attempts: 0,
    notBefore: '2026-03-15T13:00:00.000Z',
    createdAt: '2026-03-14T12:00:00.000Z',
  }),
  message({
    id: 'm2',
    template: 'on-my-way',
    subject: 'Jordan from Pitstop is on the way, arriving about 10:30 AM.',
    providerId: 'SM123',
    deliveryStatus: 'delivered',
    sentAt: '2026-03-14T14:00:00.000Z',
  }),
  message({
    id: 'm3',
    channel: 'email',
    to: 'casey@example.com',
    subject: 'Your visit tomorrow',
    status: 'failed',
    attempts: 5,
    lastError: '550 mailbox unavailable',
  }),
  message({ id: 'm4', template: 'running-late', status: 'withdrawn' }),
  message({
    id: 'm5',
    channel: 'email',
    template: 'booking-confirmation',
    to: 'casey@example.com',
    subject: 'Your Pitstop visit is booked',
    sentAt: '2026-03-10T14:05:00.000Z',
  }),
  message({ id: 'm6', channel: 'email', template: 'something-new', subject: 'Hello' }),
];

function setup(messages: VisitMessage[] = MESSAGES) {
  const [casey, , eli] = seedStaffAppointments([
    { customerName: 'Casey Customer', serviceName: 'Synthetic Oil Change', time: '15:30' },
    { customerName: 'Dana Driver', serviceName: 'Tire Rotation', status: 'cancelled' },
    { customerName: 'Eli Early', serviceName: 'Brake Check', status: 'completed' },
  ]);
  server.use(
    http.get('/api/visits/:bookingId/messages', ({ params }) =>
      params.bookingId === casey!.bookingId
        ? respond(visitMessagesResponseSchema, { messages })
        : respond(visitMessagesResponseSchema, { messages: [] }),
    ),
  );
  signInAs({ role: 'manager' });
  const user = userEvent.setup();
  renderApp('/manager/appointments');
  return { user, casey: casey!, eli: eli! };
}

async function openMessages(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Messages for ${name}` }));
  return screen.findByRole('dialog', { name: 'Messages' });
}

describe("a visit's messages", () => {
  it('lists each message with when, channel, kind, to whom, words and status', async () => {
    const { user, casey } = setup();

    const dialog = await openMessages(user, CASEY);
    expect(dialog).toHaveTextContent(CASEY);
    const list = await within(dialog).findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(apiCalls()).toContain(`GET /api/visits/${casey.bookingId}/messages`);

    // Waiting: dated when queued, and until when it waits.
    expect(items[0]).toHaveTextContent('Reminder (Text)');
    expect(items[0]).toHaveTextContent('Mar 14, 2026, 8:00 AM');
    expect(items[0]).toHaveTextContent('To +15551234567');
    expect(items[0]).toHaveTextContent('Pitstop reminder: your visit is Sun, Mar 15 at 3:30 PM.');
    expect(items[0]).toHaveTextContent('Status: Waiting until Mar 15, 2026, 9:00 AM');
    // Sent and reported delivered: dated when it went.
    expect(items[1]).toHaveTextContent('On my way (Text)');
    expect(items[1]).toHaveTextContent('Mar 14, 2026, 10:00 AM');
    expect(items[1]).toHaveTextContent('Status: Delivered');
    expect(items[2]).toHaveTextContent('Reminder (E-mail)');
    expect(items[2]).toHaveTextContent('To casey@example.com');
    expect(items[2]).toHaveTextContent('Status: Failed550 mailbox unavailable');
    expect(items[3]).toHaveTextContent('Running late (Text)');
    expect(items[3]).toHaveTextContent('Status: Withdrawn');
    expect(items[4]).toHaveTextContent('Confirmation (E-mail)');
    expect(items[4]).toHaveTextContent('Mar 10, 2026, 10:05 AM');
    expect(items[4]).toHaveTextContent('Your Pitstop visit is booked');
    expect(items[4]).toHaveTextContent('Status: Sent');
    // A kind the page has no words for is named as the server names it.
    expect(items[5]).toHaveTextContent('something-new (E-mail)');
  });

  it('says a message whose time has come is waiting to send, and one not delivered', async () => {
    const { user } = setup([
      message({ id: 'w', status: 'pending', notBefore: '2026-03-14T14:59:00.000Z' }),
      message({ id: 'u', deliveryStatus: 'undelivered', lastError: '30003 unreachable' }),
    ]);

    const dialog = await openMessages(user, CASEY);
    const items = within(await within(dialog).findByRole('list')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Status: Waiting to send');
    expect(items[1]).toHaveTextContent('Status: Not delivered30003 unreachable');
  });

  it('opens on any visit by keyboard, says when there is nothing yet and closes with Escape', async () => {
    const { user } = setup();

    const opener = await screen.findByRole('button', { name: `Messages for ${ELI}` });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByText('No messages about this visit yet.')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("says when the messages could not be read, in the server's words", async () => {
    const { user } = setup();
    server.use(
      http.get('/api/visits/:bookingId/messages', () =>
        apiError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound),
      ),
    );

    const dialog = await openMessages(user, CASEY);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this visit's messages");
    expect(alert).toHaveTextContent(MANAGE_VISIT_MESSAGES.notFound);
  });
});
