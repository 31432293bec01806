// The stop link a maintenance reminder e-mail carries, signed out, against the API doubles: the
// page asks first, stops the vehicle's reminders with the link's signature and says so; a link that
// is not valid says so and changes nothing.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMINDER_WORDS } from '@pitstop/shared/vehicles/reminder-words';
import { beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../../test/msw/accounts.ts';
import { garageOf, seedVehicles, stopSignatureOf } from '../../../test/msw/handlers/vehicles.ts';
import { lastBodyOf } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  // The page is a lazy route: load it once up front.
  await import('./stop-reminders-page.tsx');
});

const car = { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Blue', licensePlate: 'ABC 1' };

describe('the stop link of a maintenance reminder', () => {
  it('asks first, then stops the reminders without sign-in and says so', async () => {
    const owner = addAccount({ role: 'customer' });
    const [vehicle] = seedVehicles(owner, [car]);
    const user = userEvent.setup();
    renderApp(`/reminders/stop/${vehicle!.id}/${stopSignatureOf(vehicle!.id)}`);

    expect(await screen.findByRole('heading', { name: REMINDER_WORDS.stopHeading })).toBeVisible();
    // Opening the link changes nothing.
    expect(garageOf(owner)[0]?.remindersOn).toBeUndefined();

    await user.click(screen.getByRole('button', { name: REMINDER_WORDS.stop }));
    expect(await screen.findByRole('status')).toHaveTextContent(REMINDER_WORDS.stopped);
    expect(screen.queryByRole('button', { name: REMINDER_WORDS.stop })).not.toBeInTheDocument();
    expect(await lastBodyOf('POST', `/api/vehicles/${vehicle!.id}/reminders/stop`)).toEqual({
      signature: stopSignatureOf(vehicle!.id),
    });
    expect(garageOf(owner)[0]?.remindersOn).toBe(false);
  });

  it('says a link that is not valid is not, and offers the way home', async () => {
    const owner = addAccount({ role: 'customer' });
    const [vehicle] = seedVehicles(owner, [car]);
    const user = userEvent.setup();
    renderApp(`/reminders/stop/${vehicle!.id}/not-the-signature`);

    await user.click(await screen.findByRole('button', { name: REMINDER_WORDS.stop }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REMINDER_WORDS.linkInvalid);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(garageOf(owner)[0]?.remindersOn).toBeUndefined();
  });
});
