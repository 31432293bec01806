import { CLEANUP_CONFIRMATION } from '@pitstop/shared/users/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { addAccount, listAccounts, signInAs } from '../../../test/msw/accounts.ts';
import { lastBodyOf } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

it('sends a signed-out visitor to /login', async () => {
  const { pathname } = renderApp('/user-cleanup');
  await waitFor(() => expect(pathname()).toBe('/login'));
});

it('explains to anyone but a super admin that only a super admin may, and links home', async () => {
  signInAs({ role: 'admin' });
  renderApp('/user-cleanup');

  expect(await screen.findByText(/Only a super admin can delete all users/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete All Users' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: /Back to Home/ })[0]).toHaveAttribute('href', '/');
});

it('deletes every account once the phrase is typed, then opens admin setup', async () => {
  signInAs({ role: 'super_admin' });
  addAccount({ role: 'customer' });
  const { pathname, queryClient } = renderApp('/user-cleanup');
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
  expect(await lastBodyOf('POST', '/api/user-cleanup')).toEqual({
    confirmation: CLEANUP_CONFIRMATION,
  });
  expect(listAccounts()).toEqual([]);
  // The session went with the accounts: nobody is signed in any more.
  expect(queryClient.getQueryData(['me'])).toEqual({ viewer: null });
  expect(await screen.findByRole('heading', { name: 'Admin Setup' })).toBeInTheDocument();
});
