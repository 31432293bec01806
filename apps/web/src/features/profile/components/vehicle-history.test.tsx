// Each vehicle of My Garage shows when its next service is due (with how the date was estimated)
// and, behind a disclosure, its service history; one with nothing done says so.
import { NO_SERVICE_DUE, NO_SERVICE_ON_RECORD } from '@pitstop/shared/vehicles/history';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedVehicleHistory } from '../../../test/msw/handlers/vehicle-history.ts';
import { seedVehicles } from '../../../test/msw/handlers/vehicles.ts';
import { renderApp } from '../../../test/render-app.tsx';

const CIVIC = { make: 'Honda', model: 'Civic', year: 2019, color: 'Blue', licensePlate: 'ABC1234' };
const CAMRY = {
  make: 'Toyota',
  model: 'Camry',
  year: 2021,
  color: 'Silver',
  licensePlate: 'XYZ-987',
};
const PACE =
  "Date estimated at 37 miles a day (the average driver's) until a second odometer reading.";

async function openGarage() {
  const account = signInAs({ role: 'customer' });
  const [civic, camry] = seedVehicles(account, [CIVIC, CAMRY]);
  return { ...(await showGarage(civic!.id)), camry: camry! };
}

async function showGarage(civicId: string) {
  seedVehicleHistory(civicId, {
    visits: [
      {
        bookingId: 'b2',
        date: '2026-11-27',
        services: ['Basic Oil Change', 'Battery Service'],
        odometerMiles: 5450,
        technician: 'Sam Wrench',
      },
      {
        bookingId: 'b1',
        date: '2026-05-02',
        services: ['Tire Rotation'],
        odometerMiles: null,
        technician: null,
      },
    ],
    nextDue: {
      serviceName: 'Basic Oil Change',
      dueOn: '2027-02-27',
      dueMiles: 8450,
      sentence: 'Next oil change: about 8,450 miles or by Feb 27, 2027',
      paceNote: PACE,
    },
  });
  const user = userEvent.setup();
  renderApp('/profile');
  const garage = await screen.findByRole('region', { name: 'My Garage' });
  return { user, garage };
}

describe('a garage vehicle’s service record', () => {
  it('shows the next due service and the pace it was estimated at', async () => {
    const { garage } = await openGarage();
    expect(
      await within(garage).findByText('Next oil change: about 8,450 miles or by Feb 27, 2027'),
    ).toBeInTheDocument();
    expect(within(garage).getByText(PACE)).toBeInTheDocument();
    // The Camry has no visit yet.
    expect(await within(garage).findByText(NO_SERVICE_ON_RECORD)).toBeInTheDocument();
    expect(
      within(garage).queryByRole('button', { name: /Service history of 2021 Toyota Camry/ }),
    ).not.toBeInTheDocument();
  });

  it('says so when nothing done has a maintenance interval', async () => {
    const account = signInAs({ role: 'customer' });
    const [civic, camry] = seedVehicles(account, [CIVIC, CAMRY]);
    seedVehicleHistory(camry!.id, {
      visits: [
        {
          bookingId: 'b3',
          date: '2026-10-01',
          services: ['Tire Rotation'],
          odometerMiles: 12_000,
          technician: 'Sam Wrench',
        },
      ],
      nextDue: null,
    });
    const { garage } = await showGarage(civic!.id);
    expect(await within(garage).findByText(NO_SERVICE_DUE)).toBeInTheDocument();
    expect(
      within(garage).getByRole('button', {
        name: 'Service history of 2021 Toyota Camry (XYZ-987) (1 visit)',
      }),
    ).toBeInTheDocument();
  });

  it('lists the visits behind a disclosure: date, services, odometer, technician', async () => {
    const { user, garage } = await openGarage();
    const toggle = await within(garage).findByRole('button', {
      name: 'Service history of 2019 Honda Civic (ABC1234) (2 visits)',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(garage).queryByRole('list', { name: /Service history/ })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = within(garage).getByRole('list', {
      name: 'Service history of 2019 Honda Civic (ABC1234)',
    });
    const [latest, earlier] = within(list).getAllByRole('listitem');
    expect(latest).toHaveTextContent('Nov 27, 2026');
    expect(latest).toHaveTextContent('Basic Oil Change, Battery Service');
    expect(latest).toHaveTextContent('Odometer:5,450 miles');
    expect(latest).toHaveTextContent('Technician:Sam Wrench');
    expect(earlier).toHaveTextContent('May 2, 2026');
    expect(earlier).toHaveTextContent('Odometer:Not recorded');

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
