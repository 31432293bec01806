import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { expect, it } from 'vitest';
import { addAccount, findAccountByEmail, signedInAccount } from '../../../test/msw/accounts.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function fill(email: string, password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

it('asks for a long enough password, typed twice', async () => {
  renderApp('/signup');
  await fill('new@example.com', 'abc', 'abd');

  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    'Password must be at least 6 characters long',
  );
  expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
    'Passwords do not match',
  );
  expect(apiCalls()).toEqual([]);
});

it('says the account was created, then goes to /login after 2 seconds', async () => {
  const { pathname } = renderApp('/signup');
  await fill('new@example.com', 'secret12', 'secret12');

  expect(
    await screen.findByText('Account created successfully! You can now sign in.'),
  ).toBeInTheDocument();
  expect(await lastBodyOf('POST', '/api/auth/sign-up/email')).toEqual({
    email: 'new@example.com',
    password: 'secret12',
    name: '',
  });
  expect(findAccountByEmail('new@example.com')?.user.role).toBe('customer');
  expect(signedInAccount()).toBeUndefined();
  expect(pathname()).toBe('/signup');
  await waitFor(() => expect(pathname()).toBe('/login'), { timeout: 3000 });
});

it("shows 'Sign up failed' for a registered address, with ways to sign in instead", async () => {
  addAccount({ email: 'taken@example.com' });
  renderApp('/signup');
  await fill('taken@example.com', 'secret12', 'secret12');

  const alert = await screen.findByRole('alert');
  await waitFor(() => expect(alert).toHaveTextContent(/^Sign up failed/));
  expect(alert).toHaveTextContent('An account with this email already exists.');
  expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  expect(within(alert).getByRole('link', { name: 'reset your password' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

it("shows any other refusal in the server's words", async () => {
  server.use(
    http.post('/api/auth/sign-up/email', () =>
      apiError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'),
    ),
  );
  renderApp('/signup');
  await fill('new@example.com', 'secret12', 'secret12');

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Too many attempts. Please wait a moment and try again.',
  );
});
