// My Garage on /profile against the API doubles: the list newest first, adding (the spec's fill-all
// message, a plate already saved), editing, removing with a confirmation, the full garage, a garage
// changed in another tab, where focus goes when a dialog closes, and the same garage on /booking.
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import {
  GARAGE_FULL,
  MAX_GARAGE_VEHICLES,
  vehicleYearMessage,
} from '@pitstop/shared/vehicles/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import {
  garageOf,
  removeFromGarage,
  seedVehicles,
  type VehicleSeed,
} from '../../../test/msw/handlers/vehicles.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const CIVIC: VehicleSeed = {
  make: 'Honda',
  model: 'Civic',
  year: 2019,
  color: 'Blue',
  licensePlate: 'ABC1234',
};
const CAMRY: VehicleSeed = {
  make: 'Toyota',
  model: 'Camry',
  year: 2021,
  color: 'Silver',
  licensePlate: 'XYZ-987',
};

async function openGarage(vehicles: VehicleSeed[] = []) {
  const account = signInAs({ role: 'customer' });
  const saved = seedVehicles(account, vehicles);
  const user = userEvent.setup();
  const app = renderApp('/profile');
  const garage = await screen.findByRole('region', { name: 'My Garage' });
  return { account, saved, user, garage, ...app };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillVehicle(user: User, dialog: HTMLElement, vehicle: VehicleSeed) {
  await user.selectOptions(within(dialog).getByLabelText('Make'), vehicle.make);
  await user.selectOptions(within(dialog).getByLabelText('Model'), vehicle.model);
  await user.type(within(dialog).getByLabelText('Year'), String(vehicle.year));
  await user.type(within(dialog).getByLabelText('Color'), vehicle.color);
  await user.type(within(dialog).getByLabelText('License Plate'), vehicle.licensePlate);
}

async function openAddDialog(user: User, garage: HTMLElement) {
  await user.click(await within(garage).findByRole('button', { name: 'Add Vehicle' }));
  return screen.findByRole('dialog', { name: 'Add Vehicle' });
}

const headingOf = (garage: HTMLElement) =>
  within(garage).getByRole('heading', { name: 'My Garage' });

const listedNames = (garage: HTMLElement) =>
  within(within(garage).getByRole('list', { name: 'Saved vehicles' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('My Garage list', () => {
  it('lists the vehicles newest first, with color and plate', async () => {
    const { garage } = await openGarage([CIVIC, CAMRY]);

    await waitFor(() =>
      expect(listedNames(garage)).toEqual(['2021 Toyota Camry', '2019 Honda Civic']),
    );
    expect(within(garage).getByRole('list', { name: 'Saved vehicles' })).toHaveTextContent(
      'Blue · License plate ABC1234',
    );
  });

  it("shows a vehicle's VIN when it has one", async () => {
    const { garage } = await openGarage([CIVIC, { ...CAMRY, vin: '1HGCM82633A004352' }]);

    const list = await within(garage).findByRole('list', { name: 'Saved vehicles' });
    await waitFor(() => expect(list).toHaveTextContent('VIN 1HGCM82633A004352'));
    expect(within(list).getAllByText(/^VIN/)).toHaveLength(1);
  });

  it('invites an empty garage to add a vehicle', async () => {
    const { garage } = await openGarage();

    expect(await within(garage).findByText('No vehicles in your garage yet')).toBeInTheDocument();
    expect(within(garage).getAllByRole('button', { name: 'Add Vehicle' })).toHaveLength(1);
  });

  it('refuses a 21st vehicle, and says why', async () => {
    const full = Array.from({ length: MAX_GARAGE_VEHICLES }, (_, n) => ({
      ...CIVIC,
      licensePlate: `PLATE${n}`,
    }));
    const { user, garage } = await openGarage(full);

    const add = await within(garage).findByRole('button', { name: 'Add Vehicle' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(GARAGE_FULL);
    await user.click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('adding a vehicle', () => {
  it('saves it, says so, and lists it first', async () => {
    const { user, garage, account } = await openGarage([CAMRY]);
    const dialog = await openAddDialog(user, garage);
    await fillVehicle(user, dialog, { ...CIVIC, licensePlate: 'abc 1234' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    expect(await screen.findByText('Vehicle added to garage successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await lastBodyOf('POST', '/api/vehicles')).toEqual({
      make: 'Honda',
      model: 'Civic',
      year: 2019,
      color: 'Blue',
      licensePlate: 'ABC 1234',
    });
    expect(listedNames(garage)).toEqual(['2019 Honda Civic', '2021 Toyota Camry']);
    expect(garageOf(account)).toHaveLength(2);
    // The summary counts it too.
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(within(summary).getByText('Vehicles').nextElementSibling).toHaveTextContent('2'),
    );
  });

  it("moves focus to the garage's heading when the empty garage's Add Vehicle goes", async () => {
    const { user, garage } = await openGarage();
    const dialog = await openAddDialog(user, garage);
    await fillVehicle(user, dialog, CIVIC);
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    await screen.findByText('Vehicle added to garage successfully!');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(garage).queryByText('No vehicles in your garage yet')).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(headingOf(garage)));
  });

  it('says once that every field is needed, and marks the empty ones', async () => {
    const { user, garage } = await openGarage();
    const dialog = await openAddDialog(user, garage);
    await user.selectOptions(within(dialog).getByLabelText('Make'), 'Honda');
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Please fill in all vehicle fields');
    expect(within(dialog).getAllByText('Please fill in all vehicle fields')).toHaveLength(1);
    for (const label of ['Model', 'Year', 'Color', 'License Plate']) {
      const field = within(dialog).getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Please fill in all vehicle fields');
    }
    expect(within(dialog).getByLabelText('Make')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(within(dialog).getByLabelText('Model')).toHaveFocus());
    expect(apiCalls()).not.toContain('POST /api/vehicles');
  });

  it('offers the models of the chosen make, and a new make resets the model', async () => {
    const { user, garage } = await openGarage();
    const dialog = await openAddDialog(user, garage);
    const model = within(dialog).getByLabelText('Model');
    await user.selectOptions(within(dialog).getByLabelText('Make'), 'Toyota');
    await user.selectOptions(model, 'Camry');
    await user.selectOptions(within(dialog).getByLabelText('Make'), 'Honda');

    expect(model).toHaveValue('');
    expect(within(model).queryByRole('option', { name: 'Camry' })).not.toBeInTheDocument();
    expect(within(model).getByRole('option', { name: 'Civic' })).toBeInTheDocument();
  });

  it('puts a year out of range at its field', async () => {
    const { user, garage } = await openGarage();
    const dialog = await openAddDialog(user, garage);
    await fillVehicle(user, dialog, { ...CIVIC, year: 1850 });
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Year')).toHaveAccessibleDescription(
        vehicleYearMessage(),
      ),
    );
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
  });

  it("shows the server's duplicate-plate refusal at the plate and keeps the dialog open", async () => {
    const { user, garage } = await openGarage([CIVIC]);
    const dialog = await openAddDialog(user, garage);
    await fillVehicle(user, dialog, { ...CAMRY, licensePlate: 'abc-1234' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('License Plate')).toHaveAccessibleDescription(
        'A vehicle with this license plate is already in your garage.',
      ),
    );
    expect(within(dialog).getByLabelText('License Plate')).toHaveFocus();
    expect(within(dialog).getByLabelText('Color')).toHaveValue('Silver');
  });

  it('says the add failed when the server gives no reason', async () => {
    server.use(http.post('/api/vehicles', () => apiError('INTERNAL', 'Database unavailable')));
    const { user, garage } = await openGarage();
    const dialog = await openAddDialog(user, garage);
    await fillVehicle(user, dialog, CIVIC);
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    expect(await screen.findByText('Failed to add vehicle. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Vehicle' })).toBeInTheDocument();
  });
  it('says so when the garage filled up meanwhile (another tab), and refuses from then on', async () => {
    const almostFull = Array.from({ length: MAX_GARAGE_VEHICLES - 1 }, (_, n) => ({
      ...CAMRY,
      licensePlate: `PLATE${n}`,
    }));
    const { user, garage, account } = await openGarage(almostFull);
    const dialog = await openAddDialog(user, garage);
    await fillVehicle(user, dialog, CIVIC);
    seedVehicles(account, [{ ...CAMRY, licensePlate: 'OTHERTAB' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    expect(await screen.findByText(GARAGE_FULL)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const add = within(garage).getByRole('button', { name: 'Add Vehicle' });
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'true'));
    expect(add).toHaveAccessibleDescription(GARAGE_FULL);
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(within(summary).getByText('Vehicles').nextElementSibling).toHaveTextContent(
        String(MAX_GARAGE_VEHICLES),
      ),
    );
  });
});

describe('editing a vehicle', () => {
  it('opens the dialog filled in, saves, and says so', async () => {
    const { user, garage, saved } = await openGarage([CIVIC]);
    const civic = saved[0] as Vehicle;
    await user.click(
      await within(garage).findByRole('button', { name: 'Edit 2019 Honda Civic (ABC1234)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle' });
    expect(within(dialog).getByLabelText('Make')).toHaveValue('Honda');
    expect(within(dialog).getByLabelText('Model')).toHaveValue('Civic');
    expect(within(dialog).getByLabelText('Year')).toHaveValue('2019');
    expect(within(dialog).getByLabelText('License Plate')).toHaveValue('ABC1234');

    const color = within(dialog).getByLabelText('Color');
    await user.clear(color);
    await user.type(color, 'Red');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Vehicle updated successfully!')).toBeInTheDocument();
    expect(await lastBodyOf('PUT', `/api/vehicles/${civic.id}`)).toMatchObject({ color: 'Red' });
    await waitFor(() =>
      expect(within(garage).getByRole('list', { name: 'Saved vehicles' })).toHaveTextContent(
        'Red · License plate ABC1234',
      ),
    );
    await waitFor(() =>
      expect(
        within(garage).getByRole('button', { name: 'Edit 2019 Honda Civic (ABC1234)' }),
      ).toHaveFocus(),
    );
  });

  it('says the update failed when the server gives no reason', async () => {
    server.use(http.put('/api/vehicles/:id', () => apiError('INTERNAL', 'Database unavailable')));
    const { user, garage } = await openGarage([CIVIC]);
    await user.click(await within(garage).findByRole('button', { name: /^Edit 2019 Honda Civic/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(
      await screen.findByText('Failed to update vehicle. Please try again.'),
    ).toBeInTheDocument();
  });
  it('closes when the vehicle was removed meanwhile, says it is gone, and lists it no more', async () => {
    const { user, garage, account, saved } = await openGarage([CIVIC, CAMRY]);
    await user.click(await within(garage).findByRole('button', { name: /^Edit 2019 Honda Civic/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle' });
    removeFromGarage(account, (saved[0] as Vehicle).id);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText("We couldn't find this vehicle.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listedNames(garage)).toEqual(['2021 Toyota Camry']);
    // Its Edit button went with it.
    await waitFor(() => expect(document.activeElement).toBe(headingOf(garage)));
  });
});

describe('removing a vehicle', () => {
  async function askToRemove() {
    const opened = await openGarage([CIVIC, CAMRY]);
    await opened.user.click(
      await within(opened.garage).findByRole('button', {
        name: 'Remove 2019 Honda Civic (ABC1234)',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove vehicle?' });
    return { ...opened, confirm };
  }

  it('asks first, then removes it and says so', async () => {
    const { user, garage, confirm, account } = await askToRemove();
    expect(confirm).toHaveTextContent(
      '2019 Honda Civic (ABC1234) will be removed from your garage.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Remove Vehicle' }));

    expect(
      await screen.findByText('Vehicle removed from garage successfully!'),
    ).toBeInTheDocument();
    expect(listedNames(garage)).toEqual(['2021 Toyota Camry']);
    expect(garageOf(account).map((vehicle) => vehicle.model)).toEqual(['Camry']);
    // Its Remove button went with it.
    await waitFor(() => expect(document.activeElement).toBe(headingOf(garage)));
  });

  it('takes a vehicle already removed (another tab) as removed', async () => {
    const { user, garage, confirm, account, saved } = await askToRemove();
    removeFromGarage(account, (saved[0] as Vehicle).id);
    await user.click(within(confirm).getByRole('button', { name: 'Remove Vehicle' }));

    expect(
      await screen.findByText('Vehicle removed from garage successfully!'),
    ).toBeInTheDocument();
    expect(screen.queryByText("We couldn't find this vehicle.")).not.toBeInTheDocument();
    expect(listedNames(garage)).toEqual(['2021 Toyota Camry']);
    await waitFor(() => expect(document.activeElement).toBe(headingOf(garage)));
  });

  it('moves focus to the heading when the last vehicle goes with the header Add Vehicle', async () => {
    const { user, garage } = await openGarage([CIVIC]);
    await user.click(await within(garage).findByRole('button', { name: /^Remove 2019 Honda/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove vehicle?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove Vehicle' }));

    expect(await within(garage).findByText('No vehicles in your garage yet')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(headingOf(garage)));
  });

  it('does nothing on Cancel, and returns to the Remove button', async () => {
    const { user, garage, confirm } = await askToRemove();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(apiCalls().some((call) => call.startsWith('DELETE'))).toBe(false);
    await waitFor(() =>
      expect(
        within(garage).getByRole('button', { name: 'Remove 2019 Honda Civic (ABC1234)' }),
      ).toHaveFocus(),
    );
  });

  it('says the removal failed', async () => {
    server.use(
      http.delete('/api/vehicles/:id', () => apiError('INTERNAL', 'Database unavailable')),
    );
    const { user, garage, confirm } = await askToRemove();
    await user.click(within(confirm).getByRole('button', { name: 'Remove Vehicle' }));

    expect(
      await screen.findByText('Failed to remove vehicle. Please try again.'),
    ).toBeInTheDocument();
    expect(listedNames(garage)).toEqual(['2021 Toyota Camry', '2019 Honda Civic']);
  });
});

describe('the same garage on /booking', () => {
  it('offers a vehicle added on /profile under Select from My Garage', async () => {
    const { user, garage, router } = await openGarage();
    const dialog = await openAddDialog(user, garage);
    await fillVehicle(user, dialog, CIVIC);
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));
    await screen.findByText('Vehicle added to garage successfully!');

    await router.navigate('/booking');

    const select = await screen.findByLabelText('Select from My Garage');
    expect(
      within(select).getByRole('option', { name: '2019 Honda Civic (ABC1234)' }),
    ).toBeInTheDocument();
  });
});
