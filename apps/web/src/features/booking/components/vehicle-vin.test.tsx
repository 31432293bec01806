// The booking form's VIN against the API doubles: 17 valid characters are decoded by the server
// and fill make, model and year (still the customer's to change); an invalid VIN is 'Invalid VIN'
// at the field and asks nothing; a VIN the decoder does not know says so; a garage vehicle brings
// its VIN, locked; the VIN goes with the booking.
import {
  vinDecodeResponseSchema,
  type VinDecodeResponse,
} from '@pitstop/shared/vehicles/responses';
import { INVALID_VIN, VIN_NOT_DECODED } from '@pitstop/shared/vehicles/vin';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLocationAssign } from '../../../test/location.ts';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { seedVehicles } from '../../../test/msw/handlers/vehicles.ts';
import { apiError, respond } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('../pages/booking-page.tsx');
});

const DECODED: Record<string, VinDecodeResponse> = {
  '1HGCM82633A004352': { make: 'Honda', model: 'Accord', year: 2003 },
  '1M8GDM9AXKP042788': { make: null, model: null, year: 1989 },
};

// Saturday 2026-03-14, 11:00 in New York (the business's zone): Monday's slots are open.
const NOW = new Date('2026-03-14T15:00:00.000Z');
const MONDAY = '2026-03-16';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
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

  it('goes with the booking, in capitals, and comes back with a kept draft', async () => {
    const assign = stubLocationAssign();
    signInAs({ role: 'customer' });
    renderApp('/booking?service=basic-oil-change');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /Basic Oil Change/ });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: MONDAY } });
    await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    for (const [label, value] of [
      ['Phone', '5551234567'],
      ['Street Address', '12 Analytical Way'],
      ['City', 'Springfield'],
      ['ZIP Code', '12345'],
      ['VIN (optional)', '1hgcm82633 a004352'],
    ]) {
      await user.type(screen.getByLabelText(label as string), value as string);
    }
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('Accord'));
    await user.type(screen.getByLabelText('Color'), 'Silver');
    await user.type(screen.getByLabelText('License Plate'), 'ACC 03');
    await user.click(await screen.findByRole('button', { name: 'Go to Payment - $49.99' }));

    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(await lastBodyOf('POST', '/api/bookings')).toMatchObject({
      vehicleMake: 'Honda',
      vehicleModel: 'Accord',
      vehicleYear: '2003',
      vehicleVin: '1HGCM82633A004352',
    });
    // The draft the payment page's Cancel brings back keeps the VIN as typed.
    expect(JSON.parse(sessionStorage.getItem('pitstop.booking-draft')!)).toMatchObject({
      vehicleVin: '1hgcm82633 a004352',
    });
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
