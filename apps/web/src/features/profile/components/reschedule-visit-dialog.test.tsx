// A customer reschedules their own visit from My Appointments against the API doubles: the terms
// first, then the booking form's picker for the visit's own slots; a closed reschedule says why
// and whom to call; the server's refusal shows in the dialog.
import {
  MANAGE_VISIT_MESSAGES,
  rescheduleClosedMessage,
} from '@pitstop/shared/appointments/manage';
import type { VisitTermsResponse } from '@pitstop/shared/appointments/manage';
import { moveVisitRequestSchema } from '@pitstop/shared/appointments/forms';
import type { MyVisit } from '@pitstop/shared/appointments/responses';
import { movedVisitResponseSchema } from '@pitstop/shared/appointments/responses';
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { daySlotsResponseSchema } from '@pitstop/shared/booking/responses';
import { visitTermsResponseSchema } from '@pitstop/shared/appointments/manage';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { makeVisit, seedMyAppointments } from '../../../test/msw/handlers/appointments.ts';
import { apiError, readBody, respond } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The dialog is lazy: load it once up front.
  await import('./reschedule-visit-dialog.tsx');
});

beforeEach(() => {
  // Today is the doubles' Saturday 2026-03-14 (only the date: timers stay real).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const MONDAY = '2026-03-16';
const TUESDAY = '2026-03-17';
const PHONE = '(555) 010-4477';

function termsOf(visit: MyVisit, reschedule: Partial<VisitTermsResponse['reschedule']> = {}) {
  return {
    bookingId: visit.bookingId!,
    startsAt: visit.startsAt,
    businessPhone: PHONE,
    reschedule: {
      allowed: true,
      cutoffAt: '2026-03-15T13:00:00.000Z',
      message: null,
      ...reschedule,
    },
    cancel: {
      allowed: true,
      withinCutoff: false,
      cutoffAt: '2026-03-15T13:00:00.000Z',
      paidCents: 7999,
      feeCents: 0,
      refundCents: 7999,
      summary: 'You will be refunded $79.99',
      message: null,
    },
  };
}

/** A customer with one visit on Monday at 9:00, whose terms and slots the doubles answer. */
function setup(reschedule: Partial<VisitTermsResponse['reschedule']> = {}) {
  const customer = signInAs({ role: 'customer' });
  const visit = makeVisit({
    date: MONDAY,
    time: '09:00',
    services: [{ serviceName: 'Basic Oil Change' }, { serviceName: 'Battery Service' }],
  });
  seedMyAppointments(customer, { upcoming: [visit] });
  const base = `/api/my/visits/${visit.bookingId}`;
  server.use(
    http.get(`${base}/terms`, () => respond(visitTermsResponseSchema, termsOf(visit, reschedule))),
    http.get(`${base}/slots`, ({ request }) => {
      const date = new URL(request.url).searchParams.get('date')!;
      return respond(daySlotsResponseSchema, {
        date,
        slots: ['09:00', '10:00', '13:00'],
        message: null,
        hint: 'Open 7:00 AM - 7:00 PM',
      });
    }),
    http.post(`${base}/move`, async ({ request }) => {
      const read = await readBody(request, moveVisitRequestSchema);
      if (!read.ok) return read.response;
      const to = read.data;
      if (to.time === '13:00') {
        return apiError('CONFLICT', BOOKING_ALERTS.slotTaken, { time: BOOKING_ALERTS.slotTaken });
      }
      const moved = { ...visit, date: to.date, time: to.time };
      seedMyAppointments(customer, { upcoming: [moved] });
      return respond(movedVisitResponseSchema, {
        bookingId: visit.bookingId!,
        ...to,
        startsAt: `${to.date}T${to.time}:00.000Z`,
        endsAt: `${to.date}T${to.time}:45.000Z`,
        unassignedTechnicians: [],
      });
    }),
  );
  const user = userEvent.setup();
  renderApp('/profile');
  return { user, visit, base };
}

async function openReschedule(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', {
      name: 'Reschedule: Basic Oil Change, Battery Service on Monday, March 16, 2026 at 9:00 AM',
    }),
  );
  return screen.findByRole('dialog', { name: 'Reschedule visit' });
}

function pickDate(dialog: HTMLElement, date: string) {
  fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: date } });
}

describe('rescheduling a visit', () => {
  it("offers the visit's own slots, moves it, says the new time and lists it there", async () => {
    const { user, base } = setup();

    const dialog = await openReschedule(user);
    expect(dialog).toHaveTextContent('Now Monday, March 16, 2026 at 9:00 AM');
    expect(await within(dialog).findByLabelText('Date')).toHaveValue(MONDAY);
    expect(await within(dialog).findByText('Times are Eastern Time')).toBeInTheDocument();
    pickDate(dialog, TUESDAY);
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule visit' }));

    expect(
      await screen.findByText('Visit rescheduled to Tuesday, March 17, 2026 at 10:00 AM'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls()).toEqual(
      expect.arrayContaining([`GET ${base}/terms`, `GET ${base}/slots?date=${TUESDAY}`]),
    );
    expect(
      await screen.findByRole('article', { name: 'Tuesday, March 17, 2026 at 10:00 AM' }),
    ).toBeInTheDocument();
  });

  it('says why and whom to call once online rescheduling has closed, offering no times', async () => {
    const closed = rescheduleClosedMessage('Mar 15, 2026, 9:00 AM', PHONE);
    const { user, base } = setup({ allowed: false, message: closed });

    const dialog = await openReschedule(user);
    expect(await within(dialog).findByText(closed)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Date')).not.toBeInTheDocument();
    expect(apiCalls()).not.toContain(`GET ${base}/slots?date=${MONDAY}`);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the dialog: at the time, or as a message", async () => {
    const { user, base } = setup();

    const dialog = await openReschedule(user);
    pickDate(dialog, TUESDAY);
    await user.click(await within(dialog).findByRole('radio', { name: '1:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule visit' }));
    expect(await within(dialog).findByText(BOOKING_ALERTS.slotTaken)).toBeInTheDocument();

    server.use(
      http.post(`${base}/move`, () => apiError('CONFLICT', MANAGE_VISIT_MESSAGES.notChangeable)),
    );
    await user.click(within(dialog).getByRole('radio', { name: '10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule visit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MANAGE_VISIT_MESSAGES.notChangeable,
    );
    expect(screen.getByRole('dialog', { name: 'Reschedule visit' })).toBeInTheDocument();
  });

  it('says so when the terms cannot be read, and reads them again on Try Again', async () => {
    const { user, visit, base } = setup();
    server.use(
      http.get(`${base}/terms`, () => apiError('INTERNAL', 'Database unavailable'), { once: true }),
    );

    const dialog = await openReschedule(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't check this visit",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByLabelText('Date')).toBeInTheDocument();
    expect(visit.bookingId).toBeTruthy();
  });
});
