// The Business Profile's visit reminder: how many hours before each visit it goes out (0 for
// none), shown in words, edited with the rest of the profile and checked by the shared schema.
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

const LABEL = 'Reminder before each visit (hours, 0 for none)';
const MESSAGE = 'Reminder must be a whole number of hours from 0 (none) to 168';
const scheduling = () => screen.getByRole('region', { name: 'Scheduling' });
const saves = () => apiCalls().filter((call) => call === 'PUT /api/business');

describe('Business Profile visit reminder', () => {
  it('says how long before a visit its reminder goes out', async () => {
    setup();
    await screen.findByText('(555) 123-4567');
    expect(within(scheduling()).getByText('Reminder before each visit')).toBeInTheDocument();
    expect(within(scheduling()).getByText('24 hours before')).toBeInTheDocument();
  });

  it('says there are none when the lead is 0', async () => {
    seedBusiness({ ...TEST_BUSINESS, reminderLeadHours: 0 });
    setup();
    expect(
      await within(await screen.findByRole('region', { name: 'Scheduling' })).findByText(
        'No reminders',
      ),
    ).toBeInTheDocument();
  });

  it('saves a lead typed with the keyboard, and 0 for none', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const lead = within(scheduling()).getByLabelText(LABEL);
    expect(lead).toHaveValue(24);
    await user.clear(lead);
    await user.type(lead, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(storedBusiness().reminderLeadHours).toBe(2);
    expect(within(scheduling()).getByText('2 hours before')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const again = within(scheduling()).getByLabelText(LABEL);
    await user.clear(again);
    await user.type(again, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(storedBusiness().reminderLeadHours).toBe(0));
    expect(await within(scheduling()).findByText('No reminders')).toBeInTheDocument();
  });

  it("explains a lead out of range with the shared schema's words and sends nothing", async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const lead = within(scheduling()).getByLabelText(LABEL);
    for (const typed of ['169', '1.5']) {
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
