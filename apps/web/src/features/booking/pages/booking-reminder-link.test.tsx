// A maintenance reminder's link, /booking?service=<id>&vehicle=<id>: the service chosen, the
// vehicle picked from the signed-in customer's garage (its VIN too, locked, as 'Select from My
// Garage' does) and the address from their profile; a draft's vehicle wins; a signed-out visitor
// is offered to sign in and come back to the same link.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeService, seedServices } from '../../../test/msw/handlers/services.ts';
import { seedVehicles } from '../../../test/msw/handlers/vehicles.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('./booking-page.tsx');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-14T15:00:00.000Z'));
  seedServices([makeService('Basic Oil Change'), makeService('Battery Service')]);
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

const RUNNER = {
  make: 'Toyota',
  model: '4Runner',
  year: 2019,
  color: 'Gray',
  licensePlate: 'RUN4',
};

function signedInWithGarage() {
  const customer = signInAs({
    role: 'customer',
    phone: '(555) 987-6543',
    address: '9 Oak Lane, Shelbyville, 54321',
  });
  const [civic, runner] = seedVehicles(customer, [
    {
      make: 'Honda',
      model: 'Civic',
      year: 2018,
      color: 'Blue',
      licensePlate: 'CIV1',
      vin: '1HGCM82633A004352',
    },
    RUNNER,
  ]);
  return { civic: civic!, runner: runner! };
}

describe('a maintenance reminder’s link', () => {
  it('opens the form with the service, the vehicle and the address filled', async () => {
    const { civic } = signedInWithGarage();
    renderApp(`/booking?service=battery-service&vehicle=${civic.id}`);

    expect(await screen.findByRole('checkbox', { name: /Battery Service/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Basic Oil Change/ })).not.toBeChecked();
    await waitFor(() =>
      expect(screen.getByLabelText('Select from My Garage')).toHaveValue(civic.id),
    );
    expect(screen.getByLabelText(/^Make/)).toHaveValue('Honda');
    expect(screen.getByLabelText(/^Make/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^License Plate/)).toHaveValue('CIV1');
    expect(screen.getByLabelText(/^VIN/)).toHaveValue('1HGCM82633A004352');
    expect(screen.getByLabelText(/^VIN/)).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByLabelText('Street Address')).toHaveValue('9 Oak Lane'));
    expect(screen.getByLabelText('City')).toHaveValue('Shelbyville');
    expect(screen.getByLabelText('ZIP Code')).toHaveValue('54321');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('leaves a restored draft’s vehicle, and ignores a vehicle not in the garage', async () => {
    const { runner } = signedInWithGarage();
    sessionStorage.setItem(
      'pitstop.booking-draft',
      JSON.stringify({ vehicleMake: 'Ford', vehicleModel: 'F-150', licensePlate: 'DRAFT1' }),
    );
    const { unmount } = renderApp(`/booking?service=basic-oil-change&vehicle=${runner.id}`);
    await waitFor(() => expect(screen.getByLabelText('Street Address')).toHaveValue('9 Oak Lane'));
    expect(screen.getByLabelText(/^License Plate/)).toHaveValue('DRAFT1');
    expect(screen.getByLabelText('Select from My Garage')).toHaveValue('');
    unmount();
    sessionStorage.clear();

    renderApp('/booking?service=basic-oil-change&vehicle=00000000-0000-4000-9000-999999999999');
    await waitFor(() => expect(screen.getByLabelText('Street Address')).toHaveValue('9 Oak Lane'));
    expect(screen.getByLabelText('Select from My Garage')).toHaveValue('');
    expect(screen.getByLabelText(/^License Plate/)).toHaveValue('');
  });

  it('offers a signed-out visitor to sign in and come back to the same link', async () => {
    const link = '/booking?service=basic-oil-change&vehicle=v-1';
    renderApp(link);
    expect(await screen.findByRole('checkbox', { name: /Basic Oil Change/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ next: link })}`,
    );
  });
});
