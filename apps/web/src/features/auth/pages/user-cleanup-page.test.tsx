import { CLEANUP_CONFIRMATION } from '@pitstop/shared/users/forms';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { installFakeAuthApi, makeViewer } from '../testing/fake-auth-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('sends a signed-out visitor to /login', async () => {
  installFakeAuthApi();
  const { pathname } = renderRoutes('/user-cleanup');
  await waitFor(() => expect(pathname()).toBe('/login'));
});

it.each(['customer', 'technician', 'manager', 'admin'] as const)(
  'explains to a %s that only a super admin may, and links home',
  async (role) => {
    installFakeAuthApi({ viewer: makeViewer(role) });
    renderRoutes('/user-cleanup');

    expect(await screen.findByText(/Only a super admin can delete all users/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete All Users' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Home/ })[0]).toHaveAttribute('href', '/');
  },
);

it('deletes every account once the phrase is typed, then opens admin setup', async () => {
  const api = installFakeAuthApi({ viewer: makeViewer('super_admin') });
  const { pathname, queryClient } = renderRoutes('/user-cleanup');
  const user = userEvent.setup();

  const button = await screen.findByRole('button', { name: 'Delete All Users' });
  expect(screen.getByText(/Every account will be deleted/)).toBeInTheDocument();
  expect(button).toBeDisabled();
  const input = screen.getByLabelText(`Type ${CLEANUP_CONFIRMATION} to confirm`);
  await user.type(input, 'DELETE ALL');
  expect(button).toBeDisabled();
  await user.type(input, ' USERS');
  expect(button).toBeEnabled();

  await user.click(button);
  await waitFor(() => expect(pathname()).toBe('/admin-setup'));
  expect(api.requests.find((r) => r.path === '/api/user-cleanup')).toMatchObject({
    method: 'POST',
    body: { confirmation: CLEANUP_CONFIRMATION },
  });
  // The session went with the accounts: nobody is signed in any more.
  expect(queryClient.getQueryData(['me'])).toEqual({ viewer: null });
  expect(await screen.findByRole('heading', { name: 'Admin Setup' })).toBeInTheDocument();
});
