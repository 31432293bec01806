// The booking form's VIN against the API doubles: 17 valid characters are decoded by the server
// and fill make, model and year (still the customer's to change); an invalid VIN is 'Invalid VIN'
// at the field and asks nothing; a VIN the decoder does not know says so; a garage vehicle brings
// its VIN, locked; the VIN goes with the booking.
import {
  vinDecodeResponseSchema,
  type VinDecodeResponse,
} from '@pitstop/shared/vehicles/responses';
import { INVALID_VIN, VIN_NOT_DECODED } from '@pitstop/shared/vehicles/vin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { seedVehicles } from '../../../test/msw/handlers/vehicles.ts';
import { apiError, respond } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('../pages/booking-page.tsx');
});

const DECODED: Record<string, VinDecodeResponse> = {
  '1HGCM82633A004352': { make: 'Honda', model: 'Accord', year: 2003 },
  '1M8GDM9AXKP042788': { make: null, model: null, year: 1989 },
};

beforeEach(() => {
  seedServices([makeService('Basic Oil Change', { price: 49.99 })]);
  // As the server decodes: the catalogue's names, or 404 for a VIN it knows nothing of.
  server.use(
    http.get('/api/vehicles/decode', ({ request }) => {
      const vin = new URL(request.url).searchParams.get('vin') ?? '';
      const found = DECODED[vin];
      return found
        ? respond(vinDecodeResponseSchema, found)
        : apiError('NOT_FOUND', VIN_NOT_DECODED);
    }),
  );
});

const decodeCalls = () => apiCalls().filter((call) => call.startsWith('GET /api/vehicles/decode'));

async function openForm() {
  renderApp('/booking');
  const user = userEvent.setup();
  const vin = await screen.findByLabelText('VIN (optional)');
  return { user, vin };
}

describe('the booking form’s VIN', () => {
  it('fills make, model and year from the server once 17 characters are typed', async () => {
    const { user, vin } = await openForm();
    await user.type(vin, '1hgcm82633 a00435');
    expect(decodeCalls()).toEqual([]);
    await user.type(vin, '2');

    await waitFor(() => expect(screen.getByLabelText('Make')).toHaveValue('Honda'));
    expect(screen.getByLabelText('Model')).toHaveValue('Accord');
    expect(screen.getByLabelText('Year')).toHaveValue('2003');
    expect(screen.getByText(/^From this VIN: 2003 Honda Accord\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(decodeCalls()).toEqual(['GET /api/vehicles/decode?vin=1HGCM82633A004352']);

    // Still the customer's to change.
    await user.selectOptions(screen.getByLabelText('Model'), 'Civic');
    expect(screen.getByLabelText('Model')).toHaveValue('Civic');
  });

  it("shows 'Invalid VIN' at the field for 17 characters that are not a VIN, asking nothing", async () => {
    const { user, vin } = await openForm();
    await user.type(vin, '1HGCM82633A004353');

    expect(await screen.findByText(INVALID_VIN)).toBeInTheDocument();
    expect(vin).toHaveAttribute('aria-invalid', 'true');
    expect(vin).toHaveAccessibleDescription(INVALID_VIN);
    expect(decodeCalls()).toEqual([]);

    // Corrected, the message goes and the VIN is looked up.
    await user.type(vin, '{Backspace}2');
    await waitFor(() => expect(screen.getByLabelText('Make')).toHaveValue('Honda'));
    expect(screen.queryByText(INVALID_VIN)).not.toBeInTheDocument();
  });

  it('says so when the decoder knows nothing, and fills only what it knows', async () => {
    const { user, vin } = await openForm();
    await user.type(vin, 'JH4KA7561PC008269');
    expect(await screen.findByText(VIN_NOT_DECODED)).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Make')).toHaveValue('');

    await user.clear(vin);
    await user.type(vin, '1M8GDM9AXKP042788');
    await waitFor(() => expect(screen.getByLabelText('Year')).toHaveValue('1989'));
    expect(screen.getByLabelText('Make')).toHaveValue('');
    expect(screen.getByText('From this VIN: 1989. Please choose the rest yourself.')).toBeVisible();
  });

  it("brings a garage vehicle's VIN, locked, and the blank option clears it", async () => {
    const customer = signInAs({ role: 'customer' });
    seedVehicles(customer, [
      {
        id: 'v1',
        make: 'Honda',
        model: 'Accord',
        year: 2003,
        color: 'Silver',
        licensePlate: 'ACC 03',
        vin: '1HGCM82633A004352',
      },
    ]);
    const { user, vin } = await openForm();
    const garage = await screen.findByLabelText('Select from My Garage');
    await user.selectOptions(garage, 'v1');

    expect(vin).toHaveValue('1HGCM82633A004352');
    expect(vin).toHaveAttribute('readonly');
    expect(decodeCalls()).toEqual([]);

    await user.selectOptions(garage, '');
    expect(vin).toHaveValue('');
    expect(vin).not.toHaveAttribute('readonly');
  });
});
