// The public layout's signed-in behaviour: the top bar's user menu (desktop dropdown and mobile
// menu), the footer's Admin Dashboard link, and the technician redirect from the home page.
import type { Role } from '@pitstop/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  installFakeAuthApi,
  makeViewer,
} from '../../features/auth/testing/fake-auth-api.ts';
import { renderApp } from '../../features/auth/testing/render-routes.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('top bar user menu', () => {
  it('shows the e-mail and role, My Profile and Sign Out to a customer', async () => {
    installFakeAuthApi({ viewer: makeViewer('customer', { email: 'pat@example.com' }) });
    const user = userEvent.setup();
    renderApp('/');

    const banner = await screen.findByRole('banner');
    await user.click(await within(banner).findByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('pat@example.com');
    expect(menu).toHaveTextContent('Customer');
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it.each(['manager', 'admin', 'super_admin'] as const)(
    'offers the Admin Dashboard to a %s',
    async (role) => {
      installFakeAuthApi({ viewer: makeViewer(role) });
      const user = userEvent.setup();
      renderApp('/');

      await user.click(await screen.findByRole('button', { name: /Account menu/ }));
      expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute(
        'href',
        '/admin',
      );
    },
  );

  it('falls back to signed out (role customer) when reloading the user fails', async () => {
    const api = installFakeAuthApi({ viewer: makeViewer('admin') });
    const user = userEvent.setup();
    const { queryClient } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    api.override((request) =>
      request.path === '/api/me' ? errorResponse(500, 'Database unavailable') : undefined,
    );
    await queryClient.refetchQueries({ queryKey: ['me'] });

    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('signs out and returns to /', async () => {
    const api = installFakeAuthApi({ viewer: makeViewer('admin') });
    const user = userEvent.setup();
    const { pathname } = renderApp('/services');

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(pathname()).toBe('/'));
    expect(api.calls()).toContain('POST /api/auth/sign-out');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('has the same entries in the mobile menu', async () => {
    installFakeAuthApi({ viewer: makeViewer('super_admin', { email: 'root@example.com' }) });
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(menu).toHaveTextContent('root@example.com');
    expect(menu).toHaveTextContent('Super Admin');
    expect(within(menu).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Sign In' })).toBeNull();
  });
});

describe('footer Admin Dashboard link', () => {
  async function footerLink() {
    const footer = await screen.findByRole('contentinfo');
    return within(footer).getByRole('link', { name: 'Admin Dashboard' });
  }

  it.each([
    ['manager', '/admin'],
    ['admin', '/admin'],
    ['super_admin', '/admin'],
    ['customer', '/admin-portal'],
  ] as [Role, string][])('goes where a %s belongs: %s', async (role, href) => {
    installFakeAuthApi({ viewer: makeViewer(role) });
    renderApp('/services');
    await screen.findByRole('button', { name: /Account menu/ });
    expect(await footerLink()).toHaveAttribute('href', href);
  });

  it('goes to the admin portal when signed out', async () => {
    installFakeAuthApi();
    renderApp('/');
    await within(await screen.findByRole('banner')).findByRole('link', { name: 'Sign In' });
    expect(await footerLink()).toHaveAttribute('href', '/admin-portal');
  });

  it('goes to the admin portal while the session is still being read', async () => {
    const api = installFakeAuthApi();
    api.override(({ path }) => (path === '/api/me' ? new Promise<Response>(() => {}) : undefined));
    renderApp('/');
    expect(await footerLink()).toHaveAttribute('href', '/admin-portal');
  });
});

describe('home page', () => {
  it.each([
    [true, '/technician-dashboard'],
    [false, '/technician-onboarding'],
  ])('sends a technician (onboarding complete = %s) to %s', async (complete, path) => {
    installFakeAuthApi({ viewer: makeViewer('technician', { onboardingComplete: complete }) });
    const { pathname } = renderApp('/');
    await waitFor(() => expect(pathname()).toBe(path));
  });

  it('stays for everyone else', async () => {
    installFakeAuthApi({ viewer: makeViewer('customer') });
    const { pathname } = renderApp('/');
    await screen.findByRole('button', { name: /Account menu/ });
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
});
