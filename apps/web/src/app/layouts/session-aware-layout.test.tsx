// The public layout's signed-in behaviour: the top bar's user menu (desktop dropdown and mobile
// menu), the footer's Admin Dashboard link, and the technician redirect from the home page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAccount, signInAs } from '../../test/msw/accounts.ts';
import { apiError } from '../../test/msw/respond.ts';
import { apiCalls, server } from '../../test/msw/server.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('top bar user menu', () => {
  it('shows the e-mail and role, My Profile and Sign Out to a customer', async () => {
    signInAs({ role: 'customer', email: 'pat@example.com' });
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

  it('shows the profile photo as the avatar, or else the initial', async () => {
    signInAs({
      role: 'customer',
      email: 'pat@example.com',
      photoUrl: '/api/profiles/p1/photo?v=3',
    });
    const user = userEvent.setup();
    renderApp('/');

    const button = await within(await screen.findByRole('banner')).findByRole('button', {
      name: /Account menu/,
    });
    expect(button.querySelector('img')).toHaveAttribute('src', '/api/profiles/p1/photo?v=3');
    expect(button.querySelector('img')).toHaveAttribute('alt', '');
    await user.click(button);
    expect((await screen.findByRole('menu')).querySelector('img')).toHaveAttribute(
      'src',
      '/api/profiles/p1/photo?v=3',
    );
  });

  it('shows the initial when there is no photo', async () => {
    signInAs({ role: 'customer', email: 'pat@example.com' });
    renderApp('/');

    const button = await within(await screen.findByRole('banner')).findByRole('button', {
      name: /Account menu/,
    });
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^p$/);
  });

  it('shows the photo in the mobile menu too', async () => {
    signInAs({ role: 'customer', photoUrl: '/api/profiles/p1/photo?v=3' });
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await waitFor(() =>
      expect(menu.querySelector('img')).toHaveAttribute('src', '/api/profiles/p1/photo?v=3'),
    );
  });

  it('offers the Admin Dashboard to staff', async () => {
    signInAs({ role: 'manager' });
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('falls back to signed out (role customer) when reloading the user fails', async () => {
    signInAs({ role: 'admin' });
    const user = userEvent.setup();
    const { queryClient } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    server.use(http.get('/api/me', () => apiError('INTERNAL', 'Database unavailable')));
    await queryClient.refetchQueries({ queryKey: ['me'] });

    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('signs out and returns to /', async () => {
    signInAs({ role: 'admin' });
    const user = userEvent.setup();
    const { pathname } = renderApp('/services');

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(pathname()).toBe('/'));
    expect(apiCalls()).toContain('POST /api/auth/sign-out');
    expect(signedInAccount()).toBeUndefined();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('has the same entries in the mobile menu', async () => {
    signInAs({ role: 'super_admin', email: 'root@example.com' });
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(menu).toHaveTextContent('root@example.com'));
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

  // Which role goes where is lib/role-homes.test.ts; here, that the footer follows the viewer.
  it.each([
    ['manager', '/admin'],
    ['customer', '/admin-portal'],
  ] as const)('goes where a %s belongs: %s', async (role, href) => {
    signInAs({ role });
    renderApp('/services');
    await screen.findByRole('button', { name: /Account menu/ });
    expect(await footerLink()).toHaveAttribute('href', href);
  });

  it('goes to the admin portal when signed out', async () => {
    renderApp('/');
    await within(await screen.findByRole('banner')).findByRole('link', { name: 'Sign In' });
    expect(await footerLink()).toHaveAttribute('href', '/admin-portal');
  });

  it('goes to the admin portal while the session is still being read', async () => {
    server.use(http.get('/api/me', () => delay('infinite')));
    renderApp('/');
    expect(await footerLink()).toHaveAttribute('href', '/admin-portal');
  });
});

describe('home page', () => {
  it('sends a technician to where technicians belong', async () => {
    signInAs({ role: 'technician', onboardingComplete: false });
    const { pathname } = renderApp('/');
    await waitFor(() => expect(pathname()).toBe('/technician-onboarding'));
  });

  it('stays for everyone else', async () => {
    signInAs({ role: 'customer' });
    const { pathname } = renderApp('/');
    await screen.findByRole('button', { name: /Account menu/ });
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
});
