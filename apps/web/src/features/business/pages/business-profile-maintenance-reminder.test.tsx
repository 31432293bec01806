// The Business Profile's maintenance reminder: how many days before a vehicle's next service is
// due its customer is reminded (0 for none), shown in words, edited with the rest of the profile
// and checked by the shared schema.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import {
  seedBusiness,
  storedBusiness,
  TEST_BUSINESS,
} from '../../../test/msw/handlers/business.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { SAVED_MESSAGE } from './business-profile-page.tsx';

beforeAll(async () => {
  // jsdom has no ResizeObserver; Radix Switch measures its thumb with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  await import('./business-profile-page.tsx');
});

function setup() {
  signInAs({ role: 'admin' });
  const user = userEvent.setup();
  renderApp('/admin/business-profile');
  return user;
}

const LABEL = 'Maintenance reminder (days before due, 0 for none)';
const MESSAGE = 'Maintenance reminder must be a whole number of days from 0 (none) to 90';
const scheduling = () => screen.getByRole('region', { name: 'Scheduling' });
const saves = () => apiCalls().filter((call) => call === 'PUT /api/business');

describe('Business Profile maintenance reminder', () => {
  it('says how long before a service is due its reminder goes out', async () => {
    setup();
    await screen.findByText('(555) 123-4567');
    expect(within(scheduling()).getByText('Maintenance reminder')).toBeInTheDocument();
    expect(within(scheduling()).getByText('14 days before due')).toBeInTheDocument();
  });

  it('says there are none when the days are 0', async () => {
    seedBusiness({ ...TEST_BUSINESS, maintenanceReminderDays: 0 });
    setup();
    expect(
      await within(await screen.findByRole('region', { name: 'Scheduling' })).findByText(
        'No maintenance reminders',
      ),
    ).toBeInTheDocument();
  });

  it('saves days typed with the keyboard, and 0 for none', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const lead = within(scheduling()).getByLabelText(LABEL);
    expect(lead).toHaveValue(14);
    await user.clear(lead);
    await user.type(lead, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(storedBusiness().maintenanceReminderDays).toBe(1);
    expect(storedBusiness().reminderLeadHours).toBe(24);
    expect(within(scheduling()).getByText('1 day before due')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const again = within(scheduling()).getByLabelText(LABEL);
    await user.clear(again);
    await user.type(again, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(storedBusiness().maintenanceReminderDays).toBe(0));
    expect(await within(scheduling()).findByText('No maintenance reminders')).toBeInTheDocument();
  });

  it("explains days out of range with the shared schema's words and sends nothing", async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const lead = within(scheduling()).getByLabelText(LABEL);
    for (const typed of ['91', '1.5']) {
      await user.clear(lead);
      await user.type(lead, typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(lead).toHaveAccessibleDescription(expect.stringContaining(MESSAGE)),
      );
    }
    expect(saves()).toEqual([]);
    expect(storedBusiness()).toEqual(TEST_BUSINESS);
  });
});
