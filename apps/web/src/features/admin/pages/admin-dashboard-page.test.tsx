import type { Role } from '@pitstop/shared/roles';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeUsersApi, makeUser, viewerFor } from '../../users/testing/fake-users-api.ts';
import { renderRoutes } from '../../users/testing/render-routes.tsx';

beforeAll(async () => {
  // The page is a lazy route: load it once up front, and give a busy machine more than the
  // default second before a query gives up.
  await import('./admin-dashboard-page.tsx');
  configure({ asyncUtilTimeout: 5000 });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function signInAs(role: Role, name = 'Robin Reyes') {
  installFakeUsersApi({ viewer: viewerFor(makeUser({ name, role })) });
}

async function adminServicesMenu() {
  const heading = await screen.findByRole('heading', { name: 'Admin Services' });
  return heading.closest('section') as HTMLElement;
}

describe('admin dashboard', () => {
  it('welcomes the viewer by name, e-mail and role', async () => {
    signInAs('admin', 'Robin Reyes');
    renderRoutes('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Robin Reyes')).toBeInTheDocument();
    expect(screen.getByText('Signed in as robin.reyes@example.com')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('greets an account without a name by its e-mail', async () => {
    installFakeUsersApi({
      viewer: viewerFor(makeUser({ name: '', role: 'manager', email: 'sam@example.com' })),
    });
    renderRoutes('/admin');

    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(screen.getByText(/Welcome back/)).toHaveTextContent('Welcome back, sam@example.com.');
  });

  it.each([
    ['super_admin', ['Manage Users', 'Manage Services', 'Business Profile']],
    ['admin', ['Manage Services', 'Business Profile']],
  ] as const)('shows a %s the Admin Services they may open', async (role, expected) => {
    signInAs(role);
    renderRoutes('/admin');

    const menu = await adminServicesMenu();
    // Each link's name starts with its title, followed by a line of description.
    const titles = within(menu)
      .getAllByRole('link')
      .map((link) => expected.find((title) => link.textContent?.startsWith(title)));
    expect(titles).toEqual(expected);
    expect(within(menu).getByRole('link', { name: /Business Profile/ })).toHaveAttribute(
      'href',
      '/admin/business-profile',
    );
  });

  it('shows a manager no admin services, and says who manages them', async () => {
    signInAs('manager');
    renderRoutes('/admin');

    const menu = await adminServicesMenu();
    expect(within(menu).queryByRole('link')).not.toBeInTheDocument();
    expect(menu).toHaveTextContent('managed by admins');
  });

  it.each(['customer', 'technician'] as const)(
    'sends a signed-in %s to the admin portal',
    async (role) => {
      signInAs(role);
      const { router } = renderRoutes('/admin');

      expect(await screen.findByRole('heading', { name: 'Admin portal login' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/admin-portal');
    },
  );

  it('sends a signed-out visitor to the admin portal', async () => {
    installFakeUsersApi({ viewer: null });
    const { router } = renderRoutes('/admin');

    await screen.findByRole('heading', { name: 'Admin portal login' });
    expect(router.state.location.pathname).toBe('/admin-portal');
  });
});

describe('User Management route', () => {
  it.each(['manager', 'admin'] as const)('sends a %s back to the dashboard', async (role) => {
    signInAs(role);
    const { router } = renderRoutes('/admin/users');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends a customer on to the admin portal', async () => {
    signInAs('customer');
    const { router } = renderRoutes('/admin/users');

    await screen.findByRole('heading', { name: 'Admin portal login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-portal'));
  });

  it('sends a signed-out visitor to the admin portal', async () => {
    installFakeUsersApi({ viewer: null });
    const { router } = renderRoutes('/admin/users');

    await screen.findByRole('heading', { name: 'Admin portal login' });
    expect(router.state.location.pathname).toBe('/admin-portal');
  });
});
