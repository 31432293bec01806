import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { BOOKING_MESSAGES, DATE_REQUIRED } from '@pitstop/shared/booking/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { seedUnscheduledOrders } from '../../../test/msw/handlers/booking.ts';
import { fillSlotMeanwhile } from '../../../test/msw/handlers/visits.ts';
import { lastBodyOf } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page and the dialog are lazy: load them once up front.
  await Promise.all([
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

function setup() {
  seedUnscheduledOrders([
    {
      bookingId: 'order-1',
      orderNumber: 'PS-10042',
      customerName: 'Dana Lee',
      email: 'dana@example.com',
      phone: '(555) 010-4477',
      services: ['High Mileage Service'],
      amountCents: 8999,
      paidAt: '2026-03-12T15:00:00.000Z',
    },
  ]);
  signInAs({ role: 'manager' });
  const user = userEvent.setup();
  renderApp('/admin');
  return { user };
}

async function openSchedule(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Schedule visit for Dana Lee' }));
  return screen.findByRole('dialog', { name: 'Schedule visit' });
}

async function fillPlace(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const type = (label: string, text: string) =>
    user.type(within(dialog).getByLabelText(label), text);
  await type('Street Address', '7 Pay Now Lane');
  await type('City', 'Springfield');
  await type('ZIP Code', '12345');
  await type('Make', 'Honda');
  await type('Model', 'Civic');
  await type('Year', '2020');
  await type('Color', 'Red');
  await type('License Plate', 'PAY-NOW');
}

describe('scheduling a paid Pay Now order', () => {
  it('asks for a slot, the address and the car, then schedules it and takes it off the list', async () => {
    const { user } = setup();

    const dialog = await openSchedule(user);
    expect(dialog).toHaveTextContent('Dana Lee, High Mileage Service');
    expect(await within(dialog).findByText('Times are Eastern Time')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule visit' }));
    expect(await within(dialog).findByText(DATE_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(BOOKING_MESSAGES.address)).toBeInTheDocument();
    expect(within(dialog).getByText(BOOKING_MESSAGES.licensePlate)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: MONDAY } });
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    await fillPlace(user, dialog);
    await user.type(within(dialog).getByLabelText(/Notes for the technician/), 'Blue gate');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule visit' }));

    expect(
      await screen.findByText('Visit scheduled for Mon, Mar 16, 2026 at 10:00 AM'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await lastBodyOf('POST', '/api/visits/order-1/schedule')).toEqual({
      date: MONDAY,
      time: '10:00',
      address: '7 Pay Now Lane',
      city: 'Springfield',
      zipCode: '12345',
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleYear: '2020',
      vehicleColor: 'Red',
      licensePlate: 'PAY-NOW',
      description: 'Blue gate',
    });
    expect(
      await screen.findByText('No paid orders are waiting to be scheduled.'),
    ).toBeInTheDocument();
  });

  it('says at the time when the slot filled meanwhile, and keeps what was typed', async () => {
    const { user } = setup();
    fillSlotMeanwhile(MONDAY, '10:00');

    const dialog = await openSchedule(user);
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: MONDAY } });
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    await fillPlace(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule visit' }));

    const time = within(dialog).getByRole('group', { name: 'Time' });
    expect(await within(time).findByText(BOOKING_ALERTS.slotTaken)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).queryByRole('radio', { name: '10:00 AM' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByLabelText('Street Address')).toHaveValue('7 Pay Now Lane');
    expect(within(dialog).getByLabelText('License Plate')).toHaveValue('PAY-NOW');
    // Still waiting on the dashboard behind the dialog.
    expect(
      screen.getByRole('button', { name: 'Schedule visit for Dana Lee', hidden: true }),
    ).toBeInTheDocument();
  });
});
