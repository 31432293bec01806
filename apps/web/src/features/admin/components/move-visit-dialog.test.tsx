import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import {
  seedAssignableTechnicians,
  seedStaffAppointments,
  staffAppointment,
} from '../../../test/msw/handlers/staff-appointments.ts';
import { fillSlot, fillSlotMeanwhile } from '../../../test/msw/handlers/visits.ts';
import { apiCalls, lastBodyOf } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The pages and the dialog are lazy: load them once up front.
  await Promise.all([
    import('../pages/appointments-page.tsx'),
    import('../pages/admin-dashboard-page.tsx'),
    import('./move-visit-dialog.tsx'),
  ]);
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
const JORDAN = '20000000-0000-4000-8000-000000000001';

function setup({ overCapacity = false, technicianWorksMonday = true } = {}) {
  const [casey] = seedStaffAppointments([
    {
      customerName: 'Casey Customer',
      serviceName: 'Synthetic Oil Change',
      date: '2026-03-14',
      time: '15:30',
      technician: 'Jordan Lee',
      technicianId: JORDAN,
      overCapacity,
    },
    { customerName: 'Dana Driver', serviceName: 'Tire Rotation', status: 'completed' },
  ]);
  seedAssignableTechnicians([
    {
      id: JORDAN,
      name: 'Jordan Lee',
      workingDates: technicianWorksMonday ? ['2026-03-14', MONDAY] : ['2026-03-14'],
    },
  ]);
  signInAs({ role: 'manager' });
  const user = userEvent.setup();
  renderApp('/manager/appointments');
  return { user, casey: casey! };
}

async function openMove(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', {
      name: 'Move the visit of Casey Customer, Synthetic Oil Change',
    }),
  );
  return screen.findByRole('dialog', { name: 'Move visit' });
}

function pickDate(dialog: HTMLElement, date: string) {
  fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: date } });
}

describe('moving a visit', () => {
  it("offers the visit's own slots for a date, moves it there and shows the new day", async () => {
    const { user, casey } = setup();

    const dialog = await openMove(user);
    expect(dialog).toHaveTextContent('Now Sat, Mar 14, 2026 at 3:30 PM');
    // It opens on the visit's own day, its times named in the business's zone.
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-03-14');
    expect(await within(dialog).findByText('Times are Eastern Time')).toBeInTheDocument();
    pickDate(dialog, MONDAY);
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move visit' }));

    expect(
      await screen.findByText('Visit moved to Mon, Mar 16, 2026 at 10:00 AM'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(apiCalls()).toContain(`GET /api/visits/${casey.bookingId}/slots?date=${MONDAY}`);
    expect(await lastBodyOf('POST', `/api/visits/${casey.bookingId}/move`)).toEqual({
      date: MONDAY,
      time: '10:00',
    });
    const row = (await screen.findByText('Mon, Mar 16, 2026')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Casey Customer');
    expect(row).toHaveTextContent('10:00 AM');
  });

  it('offers Move only on a visit not yet begun', async () => {
    setup();

    await screen.findByRole('button', { name: /Move the visit of Casey Customer/ });
    expect(
      screen.queryByRole('button', { name: /Move the visit of Dana Driver/ }),
    ).not.toBeInTheDocument();
  });

  it('says at the time when the slot filled meanwhile, and offers what is left', async () => {
    const { user, casey } = setup();
    fillSlotMeanwhile(MONDAY, '10:00');

    const dialog = await openMove(user);
    pickDate(dialog, MONDAY);
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move visit' }));

    const time = within(dialog).getByRole('group', { name: 'Time' });
    expect(await within(time).findByText(BOOKING_ALERTS.slotTaken)).toBeInTheDocument();
    // The slots are read again: the taken one is gone, the others stay.
    await waitFor(() =>
      expect(within(dialog).queryByRole('radio', { name: '10:00 AM' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('radio', { name: '10:30 AM' })).toBeInTheDocument();
    expect(staffAppointment(casey.id)?.date).toBe('2026-03-14');
  });

  it('shows a full slot as not offered', async () => {
    const { user } = setup();
    fillSlot(MONDAY, '09:00');

    const dialog = await openMove(user);
    pickDate(dialog, MONDAY);
    expect(await within(dialog).findByRole('radio', { name: '9:30 AM' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: '9:00 AM' })).not.toBeInTheDocument();
  });

  it('says who was taken off because they do not work the new day, and that the visit needs a technician', async () => {
    const { user, casey } = setup({ technicianWorksMonday: false });

    const dialog = await openMove(user);
    pickDate(dialog, MONDAY);
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move visit' }));

    const note = await within(dialog).findByText(/was taken off the visit/);
    expect(note).toHaveTextContent(
      'Moved to Mon, Mar 16, 2026 at 10:00 AM. Jordan Lee was taken off the visit: they do not work that day. Assign a technician who does.',
    );
    expect(within(dialog).getByText('This visit needs a technician')).toBeVisible();
    expect(staffAppointment(casey.id)?.technicianId).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText('Mon, Mar 16, 2026')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('combobox', { name: /Technician for/ })).toHaveValue('');
  });

  it('clears an over-capacity flag once the visit moves to a slot with room', async () => {
    const { user } = setup({ overCapacity: true });
    expect(await screen.findByText('Over capacity — reschedule')).toBeInTheDocument();

    const dialog = await openMove(user);
    pickDate(dialog, MONDAY);
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move visit' }));

    await screen.findByText('Mon, Mar 16, 2026');
    expect(screen.queryByText('Over capacity — reschedule')).not.toBeInTheDocument();
  });
});
