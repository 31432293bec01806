import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { errorResponse, installFakeAuthApi } from '../testing/fake-auth-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(email: string, password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

it('asks for a long enough password, typed twice', async () => {
  const api = installFakeAuthApi();
  renderRoutes('/signup');
  await fill('new@example.com', 'abc', 'abd');

  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    'Password must be at least 6 characters long',
  );
  expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
    'Passwords do not match',
  );
  expect(api.calls()).toEqual([]);
});

it('says the account was created, then goes to /login after 2 seconds', async () => {
  const api = installFakeAuthApi();
  const { pathname } = renderRoutes('/signup');
  await fill('new@example.com', 'secret12', 'secret12');

  expect(
    await screen.findByText('Account created successfully! You can now sign in.'),
  ).toBeInTheDocument();
  expect(api.bodyOf('/api/auth/sign-up/email')).toEqual({
    email: 'new@example.com',
    password: 'secret12',
    name: '',
  });
  expect(pathname()).toBe('/signup');
  await waitFor(() => expect(pathname()).toBe('/login'), { timeout: 3000 });
});

it("shows 'Sign up failed' with the server's message beneath", async () => {
  const api = installFakeAuthApi();
  api.override(({ path }) =>
    path === '/api/auth/sign-up/email'
      ? errorResponse(422, 'User already exists. Use another email.')
      : undefined,
  );
  renderRoutes('/signup');
  await fill('taken@example.com', 'secret12', 'secret12');

  const alert = await screen.findByText('User already exists. Use another email.');
  expect(alert.parentElement).toHaveTextContent(/^Sign up failed/);
});
