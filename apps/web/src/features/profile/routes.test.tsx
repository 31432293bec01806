// Who may open /profile: any signed-in user. The route's loader decides before the page is rendered
// or asks for anything: a signed-out visitor signs in and comes back here, and a technician who has
// not finished onboarding goes there first.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addAccount, signInAs, TEST_PASSWORD } from '../../test/msw/accounts.ts';
import { apiCalls } from '../../test/msw/server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ProfilePage } from './pages/profile-page.tsx';

// The page itself, watched: the route loads this module lazily, and gets the spy.
vi.mock('./pages/profile-page.tsx', async (importOriginal) => {
  const page = await importOriginal<{ ProfilePage: typeof ProfilePage }>();
  return { ...page, ProfilePage: vi.fn(page.ProfilePage) };
});

beforeEach(() => {
  vi.mocked(ProfilePage).mockClear();
});

describe('My Profile route', () => {
  it.each(['customer', 'manager', 'admin', 'super_admin'] as const)(
    'opens for a signed-in %s, with their profile, appointments and garage',
    async (role) => {
      signInAs({ role });
      renderApp('/profile');

      expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
      expect(ProfilePage).toHaveBeenCalled();
      await waitFor(() =>
        expect(apiCalls()).toEqual(
          expect.arrayContaining([
            'GET /api/profile',
            'GET /api/appointments/mine',
            'GET /api/vehicles',
          ]),
        ),
      );
    },
  );

  it('opens for an onboarded technician, who has no garage to read', async () => {
    signInAs({ role: 'technician', onboardingComplete: true });
    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Personal Information' });
    expect(apiCalls()).not.toContain('GET /api/vehicles');
  });

  it('sends a signed-out visitor to sign in, to come back to /profile', async () => {
    const { router, pathname } = renderApp('/profile');

    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fprofile');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(ProfilePage).not.toHaveBeenCalled();
    expect(apiCalls()).toEqual([]);
  });

  it('brings a signed-out visitor back to the visit the link named, query and all, after signing in', async () => {
    const customer = addAccount({ role: 'customer' });
    const { router, pathname } = renderApp('/profile?visit=b1');

    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fprofile%3Fvisit%3Db1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), customer.user.email);
    await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(pathname()).toBe('/profile'));
    expect(router.state.location.search).toBe('?visit=b1');
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  });

  it('sends a technician who has not finished onboarding to onboarding', async () => {
    signInAs({ role: 'technician', onboardingComplete: false });
    const { pathname } = renderApp('/profile');

    await waitFor(() => expect(pathname()).toBe('/technician-onboarding'));
    expect(ProfilePage).not.toHaveBeenCalled();
    // Onboarding reads the profile to prefill its steps; the profile page's own reads never start.
    expect(apiCalls()).not.toContain('GET /api/appointments/mine');
  });

  it.each(['customer', 'technician'] as const)(
    'takes a %s who signs out on the page home',
    async (role) => {
      signInAs({ role });
      const user = userEvent.setup();
      const { pathname } = renderApp('/profile');
      await screen.findByRole('heading', { name: 'Personal Information' });

      await user.click(await screen.findByRole('button', { name: /Account menu/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

      // Home, as the spec's sign-out says, not to sign-in as a session ended elsewhere would.
      await waitFor(() => expect(pathname()).toBe('/'));
      expect(await screen.findByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
      expect(pathname()).toBe('/');
    },
  );
});
