// The My Garage dialog's VIN against the API doubles: a valid VIN fills make, model and year from
// the server (still the customer's to change) and is saved in capitals; an invalid one is
// 'Invalid VIN' at the field, asking nothing and saving nothing; a saved VIN is shown and can be
// cleared; the server's refusal of a VIN already in the garage sits at the field.
import { DUPLICATE_VIN } from '@pitstop/shared/vehicles/forms';
import {
  vinDecodeResponseSchema,
  type Vehicle,
  type VinDecodeResponse,
} from '@pitstop/shared/vehicles/responses';
import { INVALID_VIN, VIN_NOT_DECODED } from '@pitstop/shared/vehicles/vin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { garageOf, seedVehicles, type VehicleSeed } from '../../../test/msw/handlers/vehicles.ts';
import { apiError, respond } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const DECODED: Record<string, VinDecodeResponse> = {
  '1HGCM82633A004352': { make: 'Honda', model: 'Accord', year: 2003 },
};

beforeEach(() => {
  server.use(
    http.get('/api/vehicles/decode', ({ request }) => {
      const found = DECODED[new URL(request.url).searchParams.get('vin') ?? ''];
      return found
        ? respond(vinDecodeResponseSchema, found)
        : apiError('NOT_FOUND', VIN_NOT_DECODED);
    }),
  );
});

const ACCORD: VehicleSeed = {
  make: 'Honda',
  model: 'Accord',
  year: 2003,
  color: 'Silver',
  licensePlate: 'ACC 03',
  vin: '1HGCM82633A004352',
};

const decodeCalls = () => apiCalls().filter((call) => call.startsWith('GET /api/vehicles/decode'));

async function openAddDialog(vehicles: VehicleSeed[] = []) {
  const account = signInAs({ role: 'customer' });
  const saved = seedVehicles(account, vehicles);
  const user = userEvent.setup();
  renderApp('/profile');
  const garage = await screen.findByRole('region', { name: 'My Garage' });
  await user.click(await within(garage).findByRole('button', { name: 'Add Vehicle' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Vehicle' });
  return { account, saved, user, garage, dialog };
}

describe('the garage dialog’s VIN', () => {
  it('fills make, model and year from the VIN, and saves the VIN in capitals', async () => {
    const { account, user, dialog } = await openAddDialog();
    const vin = within(dialog).getByLabelText('VIN (optional)');
    await user.type(vin, '1hgcm82633a004352');

    await waitFor(() => expect(within(dialog).getByLabelText('Make')).toHaveValue('Honda'));
    expect(within(dialog).getByLabelText('Model')).toHaveValue('Accord');
    expect(within(dialog).getByLabelText('Year')).toHaveValue('2003');
    expect(within(dialog).getByText(/^From this VIN: 2003 Honda Accord\./)).toHaveAttribute(
      'role',
      'status',
    );

    // The customer may still change what the VIN gave.
    await user.selectOptions(within(dialog).getByLabelText('Model'), 'Civic');
    await user.type(within(dialog).getByLabelText('Color'), 'Silver');
    await user.type(within(dialog).getByLabelText('License Plate'), 'ACC 03');
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    expect(await screen.findByText('Vehicle added to garage successfully!')).toBeInTheDocument();
    expect(await lastBodyOf('POST', '/api/vehicles')).toMatchObject({
      vin: '1HGCM82633A004352',
      make: 'Honda',
      model: 'Civic',
      year: 2003,
    });
    expect(garageOf(account)[0]?.vin).toBe('1HGCM82633A004352');
  });

  it("shows 'Invalid VIN' at the field, asks nothing and saves nothing", async () => {
    const { user, dialog } = await openAddDialog();
    const vin = within(dialog).getByLabelText('VIN (optional)');
    await user.type(vin, '1HGCM82633A00435I');
    expect(vin).toHaveAccessibleDescription(INVALID_VIN);
    expect(decodeCalls()).toEqual([]);

    // A VIN too short to look up is refused by the form's rule when saving.
    await user.clear(vin);
    await user.type(vin, '1HGCM82633');
    expect(within(dialog).queryByText(INVALID_VIN)).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Make'), 'Honda');
    await user.selectOptions(within(dialog).getByLabelText('Model'), 'Civic');
    await user.type(within(dialog).getByLabelText('Year'), '2019');
    await user.type(within(dialog).getByLabelText('Color'), 'Blue');
    await user.type(within(dialog).getByLabelText('License Plate'), 'ABC1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    await waitFor(() => expect(vin).toHaveAccessibleDescription(INVALID_VIN));
    expect(vin).toHaveFocus();
    expect(apiCalls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('says so when the decoder knows nothing of the VIN, filling nothing', async () => {
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('VIN (optional)'), 'JH4KA7561PC008269');
    expect(await within(dialog).findByText(VIN_NOT_DECODED)).toHaveAttribute('role', 'status');
    expect(within(dialog).getByLabelText('Make')).toHaveValue('');
  });

  it('shows a saved VIN, and clearing it saves the vehicle without one', async () => {
    const account = signInAs({ role: 'customer' });
    const [accord] = seedVehicles(account, [ACCORD]) as [Vehicle];
    const user = userEvent.setup();
    renderApp('/profile');
    const garage = await screen.findByRole('region', { name: 'My Garage' });
    await user.click(
      await within(garage).findByRole('button', { name: 'Edit 2003 Honda Accord (ACC 03)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle' });
    const vin = within(dialog).getByLabelText('VIN (optional)');
    expect(vin).toHaveValue('1HGCM82633A004352');

    await user.clear(vin);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Vehicle updated successfully!')).toBeInTheDocument();
    expect(await lastBodyOf('PUT', `/api/vehicles/${accord.id}`)).not.toHaveProperty('vin');
  });

  it("shows the server's refusal of a VIN already in the garage at the VIN", async () => {
    server.use(
      http.post('/api/vehicles', () => apiError('CONFLICT', DUPLICATE_VIN, { vin: DUPLICATE_VIN })),
    );
    const { user, dialog } = await openAddDialog([{ ...ACCORD, licensePlate: 'OLD 1' }]);
    const vin = within(dialog).getByLabelText('VIN (optional)');
    await user.type(vin, '1HGCM82633A004352');
    await waitFor(() => expect(within(dialog).getByLabelText('Make')).toHaveValue('Honda'));
    await user.type(within(dialog).getByLabelText('Color'), 'Silver');
    await user.type(within(dialog).getByLabelText('License Plate'), 'NEW 1');
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));

    await waitFor(() => expect(vin).toHaveAccessibleDescription(DUPLICATE_VIN));
    expect(vin).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Add Vehicle' })).toBeInTheDocument();
  });
});
