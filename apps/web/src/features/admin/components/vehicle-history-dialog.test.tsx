// Vehicle history on /admin/appointments against the API doubles: a row's visit opens its garage
// vehicle's next due service and visits (date, services, odometer, technician); a visit without a
// garage vehicle says it has none; focus goes back to the button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedStaffAppointments } from '../../../test/msw/handlers/staff-appointments.ts';
import { seedVisitVehicleHistory } from '../../../test/msw/handlers/vehicle-history.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page and the dialog are lazy: load them once up front.
  await Promise.all([
    import('../pages/appointments-page.tsx'),
    import('./vehicle-history-dialog.tsx'),
  ]);
});

const CASEY = 'Casey Customer, Synthetic Oil Change';
const DANA = 'Dana Driver, Tire Rotation';

function setup() {
  const [casey, dana] = seedStaffAppointments([
    { customerName: 'Casey Customer', serviceName: 'Synthetic Oil Change', time: '15:30' },
    { customerName: 'Dana Driver', serviceName: 'Tire Rotation' },
  ]);
  seedVisitVehicleHistory(casey!.bookingId!, {
    vehicle: { id: 'v1', description: '2019 Honda Civic', licensePlate: 'ABC1234' },
    visits: [
      {
        bookingId: 'earlier',
        date: '2026-01-12',
        services: ['Synthetic Oil Change'],
        odometerMiles: 41_200,
        technician: 'Sam Wrench',
      },
    ],
    nextDue: {
      serviceName: 'Synthetic Oil Change',
      dueOn: '2026-07-12',
      dueMiles: 48_700,
      sentence: 'Next oil change: about 48,700 miles or by Jul 12, 2026',
      paceNote: null,
    },
  });
  seedVisitVehicleHistory(dana!.bookingId!, { vehicle: null, visits: [], nextDue: null });
  signInAs({ role: 'manager' });
  const user = userEvent.setup();
  renderApp('/manager/appointments');
  return { user, casey: casey! };
}

describe("a visit's vehicle history", () => {
  it('shows the vehicle, its next due service and its visits, and gives focus back', async () => {
    const { user, casey } = setup();
    const button = await screen.findByRole('button', { name: `Vehicle history for ${CASEY}` });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle history' });
    expect(dialog).toHaveTextContent(CASEY);
    expect(await within(dialog).findByText('2019 Honda Civic (ABC1234)')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Next oil change: about 48,700 miles or by Jul 12, 2026'),
    ).toBeInTheDocument();
    const list = within(dialog).getByRole('list', {
      name: 'Service history of 2019 Honda Civic (ABC1234)',
    });
    const [visit] = within(list).getAllByRole('listitem');
    expect(visit).toHaveTextContent('Jan 12, 2026');
    expect(visit).toHaveTextContent('Synthetic Oil Change');
    expect(visit).toHaveTextContent('Odometer:41,200 miles');
    expect(visit).toHaveTextContent('Technician:Sam Wrench');
    expect(apiCalls()).toContain(`GET /api/visits/${casey.bookingId}/vehicle-history`);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('says a visit without a garage vehicle has no history', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: `Vehicle history for ${DANA}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Vehicle history' });
    expect(
      await within(dialog).findByText(/not saved in the customer's garage/),
    ).toBeInTheDocument();
  });
});
