// The Business Profile's two reminders: how many hours before each visit its reminder goes out,
// and how many days before a vehicle's next service is due its customer is reminded (0 for none
// in both). Each is shown in words, edited with the rest of the profile without touching the
// other, and checked by the shared schema.
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

const scheduling = () => screen.getByRole('region', { name: 'Scheduling' });
const saves = () => apiCalls().filter((call) => call === 'PUT /api/business');

describe.each([
  {
    reminder: 'visit reminder',
    field: 'reminderLeadHours',
    other: 'maintenanceReminderDays',
    title: 'Reminder before each visit',
    label: 'Reminder before each visit (hours, 0 for none)',
    message: 'Reminder must be a whole number of hours from 0 (none) to 168',
    none: 'No reminders',
    shown: { value: 24, words: '24 hours before' },
    typed: { value: 2, words: '2 hours before' },
    tooMany: '169',
  },
  {
    reminder: 'maintenance reminder',
    field: 'maintenanceReminderDays',
    other: 'reminderLeadHours',
    title: 'Maintenance reminder',
    label: 'Maintenance reminder (days before due, 0 for none)',
    message: 'Maintenance reminder must be a whole number of days from 0 (none) to 90',
    none: 'No maintenance reminders',
    shown: { value: 14, words: '14 days before due' },
    typed: { value: 1, words: '1 day before due' },
    tooMany: '91',
  },
] as const)('Business Profile $reminder', (r) => {
  it('says how long before it goes out', async () => {
    setup();
    await screen.findByText('(555) 123-4567');
    expect(within(scheduling()).getByText(r.title)).toBeInTheDocument();
    expect(within(scheduling()).getByText(r.shown.words)).toBeInTheDocument();
  });

  it('says there are none when it is 0', async () => {
    seedBusiness({ ...TEST_BUSINESS, [r.field]: 0 });
    setup();
    expect(
      await within(await screen.findByRole('region', { name: 'Scheduling' })).findByText(r.none),
    ).toBeInTheDocument();
  });

  it('saves a value typed with the keyboard, and 0 for none, leaving the other reminder', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const lead = within(scheduling()).getByLabelText(r.label);
    expect(lead).toHaveValue(r.shown.value);
    await user.clear(lead);
    await user.type(lead, String(r.typed.value));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(storedBusiness()[r.field]).toBe(r.typed.value);
    expect(storedBusiness()[r.other]).toBe(TEST_BUSINESS[r.other]);
    expect(within(scheduling()).getByText(r.typed.words)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const again = within(scheduling()).getByLabelText(r.label);
    await user.clear(again);
    await user.type(again, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(storedBusiness()[r.field]).toBe(0));
    expect(await within(scheduling()).findByText(r.none)).toBeInTheDocument();
  });

  it("explains a value out of range with the shared schema's words and sends nothing", async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const lead = within(scheduling()).getByLabelText(r.label);
    for (const typed of [r.tooMany, '1.5']) {
      await user.clear(lead);
      await user.type(lead, typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(lead).toHaveAccessibleDescription(expect.stringContaining(r.message)),
      );
    }
    expect(saves()).toEqual([]);
    expect(storedBusiness()).toEqual(TEST_BUSINESS);
  });
});
