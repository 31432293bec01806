import type { Role } from '@pitstop/shared/roles';
import { businessProfileResponseSchema } from '@pitstop/shared/business/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessProfileQueryKey } from '../../../lib/business-profile.ts';
import { signInAs } from '../../../test/msw/accounts.ts';
import {
  seedBusiness,
  storedBusiness,
  TEST_BUSINESS,
} from '../../../test/msw/handlers/business.ts';
import { apiError, respond } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { READ_ONLY_NOTE, SAVED_MESSAGE } from './business-profile-page.tsx';

beforeAll(() => {
  // jsdom has no ResizeObserver; Radix Switch measures its thumb with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

// The routes load their page lazily; load it once up front so the first test is not slower.
beforeAll(async () => {
  await import('./business-profile-page.tsx');
});

function setup(role: Role | null = 'admin') {
  if (role) signInAs({ role });
  const user = userEvent.setup();
  const rendered = renderApp('/admin/business-profile');
  return { user, ...rendered };
}

const hoursSection = () => screen.getByRole('region', { name: 'Business hours' });
/** The page itself (the top bar shows the business name too). */
const page = () => screen.getByRole('main');
const saves = () => apiCalls().filter((call) => call === 'PUT /api/business');

describe('Business Profile access', () => {
  it('sends a technician to /admin, whose own guard sends them on to the admin portal', async () => {
    const { pathname } = setup('technician');
    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
  });

  it('sends a signed-out visitor to /admin-portal', async () => {
    const { pathname } = setup(null);
    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
  });

  it('shows a manager the profile read-only', async () => {
    setup('manager');
    expect(await screen.findByText('(555) 123-4567')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.getByText(READ_ONLY_NOTE)).toBeInTheDocument();
  });
});

describe('Business Profile', () => {
  it('shows the hours in 12-hour time', async () => {
    setup();
    await screen.findByText('(555) 123-4567');
    const hours = hoursSection();
    expect(within(hours).getAllByText('7:00 AM - 7:00 PM')).toHaveLength(6);
    expect(within(hours).getByText('9:00 AM - 5:00 PM')).toBeInTheDocument();
    expect(screen.queryByText(READ_ONLY_NOTE)).not.toBeInTheDocument();
  });

  it('edits and saves, then returns to view mode with the new values', async () => {
    const { user, queryClient } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Business name')).toHaveFocus();

    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '555-987-6543 ext');
    expect(phone).toHaveValue('(555) 987-6543');

    await user.click(screen.getByRole('switch', { name: 'Open on Sunday' }));
    expect(screen.queryByLabelText('Sunday opening time')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(saves()).toEqual(['PUT /api/business']);
    expect(storedBusiness()).toEqual({
      ...TEST_BUSINESS,
      phone: '(555) 987-6543',
      hours: { ...TEST_BUSINESS.hours, sunday: { ...TEST_BUSINESS.hours.sunday, isOpen: false } },
    });
    // View mode again, with the saved values; the footer's cached profile is the saved one.
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(within(hoursSection()).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByText('(555) 987-6543')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryData(businessProfileQueryKey)).toMatchObject({
        phone: '(555) 987-6543',
      }),
    );
  });

  it('requires the closing time to be after the opening time', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const closing = screen.getByLabelText('Monday closing time');
    await user.clear(closing);
    await user.type(closing, '06:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(closing).toHaveAccessibleDescription('Closing time must be after opening time'),
    );
    expect(saves()).toEqual([]);

    // Closing the day makes its times irrelevant: the error goes and Save goes through.
    await user.click(screen.getByRole('switch', { name: 'Open on Monday' }));
    expect(screen.queryByText('Closing time must be after opening time')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(storedBusiness().hours.monday).toEqual({
      isOpen: false,
      openTime: '07:00',
      closeTime: '06:30',
    });
  });

  it('checks visits per time slot with the shared schema’s words', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const capacity = screen.getByLabelText('Visits per time slot');
    for (const typed of ['51', '0', '2.5']) {
      await user.clear(capacity);
      await user.type(capacity, typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(capacity).toHaveAccessibleDescription(
          expect.stringContaining('Visits per time slot must be a whole number from 1 to 50'),
        ),
      );
    }
    await user.clear(capacity);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(capacity).toHaveAccessibleDescription(
        expect.stringContaining('Visits per time slot must be a whole number from 1 to 50'),
      ),
    );
    expect(saves()).toEqual([]);
  });

  it('checks the name, phone and e-mail before saving', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Business name'));
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '555-0101');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Business name')).toHaveAccessibleDescription(
        'Business name is required',
      ),
    );
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('Enter a 10-digit phone number, e.g. (555) 123-4567'),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(saves()).toEqual([]);
  });

  it('shows the server’s field messages next to their fields, focusing the first', async () => {
    const { user } = setup();
    const tenDigits = 'Enter a 10-digit phone number, e.g. (555) 123-4567';
    const capacity = 'Visits per time slot must be a whole number from 1 to 50';
    server.use(
      http.put('/api/business', () =>
        apiError('VALIDATION', tenDigits, {
          phone: tenDigits,
          capacity,
          timeZone: 'Unknown time zone',
        }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
        expect.stringContaining(tenDigits),
      ),
    );
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    expect(screen.getByLabelText('Visits per time slot')).toHaveAccessibleDescription(
      expect.stringContaining(capacity),
    );
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(
      expect.stringContaining('Unknown time zone'),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('shows the phone as the server stored it after saving', async () => {
    const { user } = setup();
    // The page shows the server's answer, not what it sent: here the server stored another phone.
    server.use(
      http.put('/api/business', () => {
        seedBusiness({ ...TEST_BUSINESS, phone: '(555) 987-6543' });
        return respond(businessProfileResponseSchema, storedBusiness());
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(page()).findByText('(555) 987-6543')).toBeInTheDocument();
  });

  it('discards changes on Cancel', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Business name'));
    await user.type(screen.getByLabelText('Business name'), 'Another Name');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(page()).getByText('Pitstop')).toBeInTheDocument();
    expect(screen.queryByText('Another Name')).not.toBeInTheDocument();
    expect(saves()).toEqual([]);
  });
});
