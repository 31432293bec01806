import type { Role } from '@pitstop/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  installFakeCatalogApi,
  viewerWithRole,
} from '../../services/testing/fake-catalog-api.ts';
import { testBusiness } from '../../../test/test-business.ts';
import { renderRoutes } from '../../services/testing/render-routes.tsx';
import { businessProfileQueryKey } from '../api.ts';
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

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(role: Role | null = 'admin') {
  const api = installFakeCatalogApi({ viewer: role ? viewerWithRole(role) : null });
  const user = userEvent.setup();
  const rendered = renderRoutes('/admin/business-profile');
  return { api, user, ...rendered };
}

const hoursSection = () => screen.getByRole('region', { name: 'Business hours' });

describe('Business Profile access', () => {
  it.each(['technician', 'customer'] as const)('sends a %s to /admin', async (role) => {
    setup(role);
    expect(await screen.findByText('Other page: /admin')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /admin-portal', async () => {
    setup(null);
    expect(await screen.findByText('Other page: /admin-portal')).toBeInTheDocument();
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
    const { api, user, queryClient } = setup();
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
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/business',
        body: {
          ...testBusiness,
          phone: '(555) 987-6543',
          hours: {
            ...testBusiness.hours,
            sunday: { ...testBusiness.hours.sunday, isOpen: false },
          },
        },
      },
    ]);
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
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const closing = screen.getByLabelText('Monday closing time');
    await user.clear(closing);
    await user.type(closing, '06:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(closing).toHaveAccessibleDescription('Closing time must be after opening time'),
    );
    expect(api.writes()).toHaveLength(0);

    // Closing the day makes its times irrelevant: the error goes and Save goes through.
    await user.click(screen.getByRole('switch', { name: 'Open on Monday' }));
    expect(screen.queryByText('Closing time must be after opening time')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(api.writes()).toMatchObject([
      { body: { hours: { monday: { isOpen: false, openTime: '07:00', closeTime: '06:30' } } } },
    ]);
  });

  it('checks visits per time slot with the shared schema’s words', async () => {
    const { api, user } = setup();
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
    expect(api.writes()).toHaveLength(0);
  });

  it('checks the name, phone and e-mail before saving', async () => {
    const { api, user } = setup();
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
    expect(api.writes()).toHaveLength(0);
  });

  it('shows the server’s phone and capacity messages next to their fields', async () => {
    const { api, user } = setup();
    const tenDigits = 'Enter a 10-digit phone number, e.g. (555) 123-4567';
    const capacity = 'Visits per time slot must be a whole number from 1 to 50';
    api.override((request) =>
      request.method === 'PUT'
        ? errorResponse(422, tenDigits, { phone: tenDigits, capacity })
        : undefined,
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
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('shows the phone as the server stored it after saving', async () => {
    const { api, user } = setup();
    // The server stores (XXX) XXX-XXXX whatever was sent; the page shows what it stored.
    let stored: object | undefined;
    api.override((request) => {
      if (request.path !== '/api/business') return undefined;
      if (request.method === 'PUT')
        stored = { ...(request.body as object), phone: '(555) 987-6543' };
      return stored ? Response.json(stored) : undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('(555) 987-6543')).toBeInTheDocument();
  });

  it('shows the server’s field errors next to their fields', async () => {
    const { api, user } = setup();
    api.override((request) =>
      request.method === 'PUT'
        ? errorResponse(422, 'Unknown time zone', { timeZone: 'Unknown time zone' })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(
        expect.stringContaining('Unknown time zone'),
      ),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('discards changes on Cancel', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Business name'));
    await user.type(screen.getByLabelText('Business name'), 'Another Name');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Pitstop')).toBeInTheDocument();
    expect(screen.queryByText('Another Name')).not.toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });
});
