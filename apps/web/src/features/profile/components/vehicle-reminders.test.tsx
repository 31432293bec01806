// My Garage's "Maintenance reminders" switch against the API doubles: on for a vehicle by default,
// off for one whose reminders were stopped, saved at once each way, and a refusal said at the
// switch, which goes back to what is stored.
import { REMINDER_WORDS } from '@pitstop/shared/vehicles/reminder-words';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { garageOf, seedVehicles, type VehicleSeed } from '../../../test/msw/handlers/vehicles.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const CIVIC: VehicleSeed = {
  make: 'Honda',
  model: 'Civic',
  year: 2019,
  color: 'Blue',
  licensePlate: 'ABC1234',
};

async function openGarage(vehicles: VehicleSeed[]) {
  const account = signInAs({ role: 'customer' });
  const saved = seedVehicles(account, vehicles);
  const user = userEvent.setup();
  renderApp('/profile');
  const garage = await screen.findByRole('region', { name: 'My Garage' });
  return { account, saved, user, garage };
}

const switchOf = (garage: HTMLElement, label: string) =>
  within(garage).findByRole('switch', { name: `${REMINDER_WORDS.switchLabel}: ${label}` });

describe('the maintenance reminders switch', () => {
  it('is on by default and switches off and on again at once', async () => {
    const { account, saved, user, garage } = await openGarage([CIVIC]);
    const toggle = await switchOf(garage, '2019 Honda Civic (ABC1234)');
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(REMINDER_WORDS.switchHint);

    await user.click(toggle);
    await waitFor(() => expect(garageOf(account)[0]?.remindersOn).toBe(false));
    expect(toggle).not.toBeChecked();
    expect(await lastBodyOf('PUT', `/api/vehicles/${saved[0]!.id}/reminders`)).toEqual({
      on: false,
    });

    // By keyboard too.
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(garageOf(account)[0]?.remindersOn).toBe(true));
    expect(toggle).toBeChecked();
  });

  it('shows the choice from the click on, while the server is still asked', async () => {
    const { account, garage } = await openGarage([CIVIC]);
    const toggle = await switchOf(garage, '2019 Honda Civic (ABC1234)');
    // A click as the browser delivers it, with nothing awaited after it: off at once, not only
    // once the mutation reports it is pending (a later task).
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(garageOf(account)[0]?.remindersOn).toBe(false));
    expect(toggle).not.toBeChecked();
  });

  it('is off for a vehicle whose reminders were stopped', async () => {
    const { garage } = await openGarage([{ ...CIVIC, remindersOn: false }]);
    expect(await switchOf(garage, '2019 Honda Civic (ABC1234)')).not.toBeChecked();
  });

  it('says so when the change is refused, and shows what is stored', async () => {
    const { saved, user, garage } = await openGarage([CIVIC]);
    server.use(http.put(`/api/vehicles/${saved[0]!.id}/reminders`, () => apiError('INTERNAL', '')));
    const toggle = await switchOf(garage, '2019 Honda Civic (ABC1234)');
    await user.click(toggle);
    expect(await within(garage).findByRole('alert')).toHaveTextContent(REMINDER_WORDS.switchFailed);
    expect(toggle).toBeChecked();
  });
});
