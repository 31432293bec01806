// "Text me about this visit" on My Appointments against the API doubles: the box shows the
// visit's consent, a change is sent for that visit and the list read again, the server's answer
// is said (with the STOP note when the number replied STOP), and a refusal in the server's words.
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import { visitTextsRequestSchema } from '@pitstop/shared/appointments/forms';
import { visitTextsResponseSchema, type MyVisit } from '@pitstop/shared/appointments/responses';
import { VISIT_MESSAGE_WORDS } from '@pitstop/shared/notifications/visit-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs, type Account } from '../../../test/msw/accounts.ts';
import { makeVisit, seedMyAppointments } from '../../../test/msw/handlers/appointments.ts';
import { apiError, readBody, respond } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LABEL = /^Text me about this visit/;

function seedVisits(seed: Partial<MyVisit> = {}) {
  const customer = signInAs({ role: 'customer' });
  const visit = makeVisit({
    date: '2026-03-16',
    time: '09:00',
    services: [{ serviceName: 'Basic Oil Change' }],
    ...seed,
  });
  const past = makeVisit({
    date: '2026-02-10',
    time: '14:30',
    services: [{ serviceName: 'Tire Rotation', status: 'completed' }],
  });
  seedMyAppointments(customer, { upcoming: [visit], past: [past] });
  return { customer, visit, past };
}

/** PUT .../texts as the server decides it: the consent stored on the visit, STOP as told. */
function serveTexts(customer: Account, visit: MyVisit, textsStopped = false) {
  server.use(
    http.put('/api/my/visits/:bookingId/texts', async ({ params, request }) => {
      expect(params.bookingId).toBe(visit.bookingId);
      const body = await readBody(request, visitTextsRequestSchema);
      if (!body.ok) return body.response;
      seedMyAppointments(customer, { upcoming: [{ ...visit, ...body.data }] });
      return respond(visitTextsResponseSchema, { ...body.data, textsStopped });
    }),
  );
}

const cardOf = async (visit: MyVisit) => {
  await screen.findByRole('region', { name: 'Upcoming' });
  return document.getElementById(`visit-${visit.bookingId}`) as HTMLElement;
};

const listReads = () => apiCalls().filter((call) => call === 'GET /api/appointments/mine');

describe('texts about a visit', () => {
  it('shows the consent of each upcoming visit, and none on a past one', async () => {
    const { visit, past } = seedVisits({ textUpdates: true });
    renderApp('/profile');

    const box = within(await cardOf(visit)).getByRole('checkbox', { name: LABEL });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleName(
      `${VISIT_MESSAGE_WORDS.textsOptIn}: Basic Oil Change on Monday, March 16, 2026 at 9:00 AM`,
    );
    expect(box).toHaveAccessibleDescription(VISIT_MESSAGE_WORDS.textsOptInHint);
    const pastCard = document.getElementById(`visit-${past.bookingId}`) as HTMLElement;
    expect(within(pastCard).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('switches texts on by keyboard, says so and reads the list again', async () => {
    const { customer, visit } = seedVisits();
    serveTexts(customer, visit);
    renderApp('/profile');
    const user = userEvent.setup();

    const card = await cardOf(visit);
    const box = within(card).getByRole('checkbox', { name: LABEL });
    expect(box).not.toBeChecked();
    box.focus();
    await user.keyboard(' ');

    expect(await within(card).findByText(VISIT_MESSAGE_WORDS.textsOn)).toBeVisible();
    expect(within(card).getByRole('status')).toHaveTextContent(VISIT_MESSAGE_WORDS.textsOn);
    expect(box).toBeChecked();
    expect(apiCalls()).toContain(`PUT /api/my/visits/${visit.bookingId}/texts`);
    await waitFor(() => expect(listReads()).toHaveLength(2));
    expect(box).toBeChecked();
    expect(card).not.toHaveTextContent(VISIT_MESSAGE_WORDS.textsStopped);
  });

  it('switches texts off', async () => {
    const { customer, visit } = seedVisits({ textUpdates: true });
    serveTexts(customer, visit);
    renderApp('/profile');
    const user = userEvent.setup();

    const card = await cardOf(visit);
    const box = within(card).getByRole('checkbox', { name: LABEL });
    await user.click(box);

    expect(await within(card).findByText(VISIT_MESSAGE_WORDS.textsOff)).toBeVisible();
    expect(box).not.toBeChecked();
  });

  it('shows the choice from the click on, while the server is still asked', async () => {
    const { customer, visit } = seedVisits({ textUpdates: true });
    let answer: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.put('/api/my/visits/:bookingId/texts', async () => {
        await asked;
        seedMyAppointments(customer, { upcoming: [{ ...visit, textUpdates: false }] });
        return respond(visitTextsResponseSchema, { textUpdates: false, textsStopped: false });
      }),
    );
    renderApp('/profile');

    const card = await cardOf(visit);
    const box = within(card).getByRole('checkbox', { name: LABEL });
    // A click as the browser delivers it, with nothing awaited after it: the box must be unticked
    // at once, not only once the mutation reports it is pending (a later task).
    fireEvent.click(box);
    expect(box).not.toBeChecked();
    await waitFor(() => expect(box).toHaveAttribute('aria-busy', 'true'));
    expect(box).not.toBeChecked();

    answer();
    expect(await within(card).findByText(VISIT_MESSAGE_WORDS.textsOff)).toBeVisible();
    expect(box).not.toBeChecked();
  });

  it('says texts stay off while the number has replied STOP', async () => {
    const { customer, visit } = seedVisits();
    serveTexts(customer, visit, true);
    renderApp('/profile');
    const user = userEvent.setup();

    const card = await cardOf(visit);
    await user.click(within(card).getByRole('checkbox', { name: LABEL }));

    expect(await within(card).findByText(VISIT_MESSAGE_WORDS.textsStopped)).toBeVisible();
    expect(within(card).getByRole('status')).toHaveTextContent(VISIT_MESSAGE_WORDS.textsStopped);
  });

  it("shows the server's refusal and the visit as it was", async () => {
    const { visit } = seedVisits();
    server.use(
      http.put('/api/my/visits/:bookingId/texts', () =>
        apiError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound),
      ),
    );
    renderApp('/profile');
    const user = userEvent.setup();

    const card = await cardOf(visit);
    const box = within(card).getByRole('checkbox', { name: LABEL });
    await user.click(box);

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      MANAGE_VISIT_MESSAGES.notFound,
    );
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
  });
});
