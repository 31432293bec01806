// The sign-in screens' second step, for an account with a second factor: the code after the
// password, or a recovery code once; and staff whom the business requires to have one are sent
// to set it up before any staff page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  addAccount,
  signedInAccount,
  signInAs,
  TEST_PASSWORD,
} from '../../../test/msw/accounts.ts';
import { TEST_AUTHENTICATOR_CODE, TEST_RECOVERY_CODES } from '../../../test/msw/handlers/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function enterPassword(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('the second step of a sign-in', () => {
  it('asks an admin for the code at /admin-portal, refuses a wrong one, then goes to /admin', async () => {
    const admin = addAccount({ role: 'admin', twoFactorEnabled: true });
    const { pathname } = renderApp('/admin-portal');
    const user = await enterPassword(admin.user.email);

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(signedInAccount()).toBeUndefined();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    expect(pathname()).toBe('/admin-portal');

    await user.clear(code);
    await user.type(code, TEST_AUTHENTICATOR_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(pathname()).toBe('/admin'));
    expect(signedInAccount()).toBe(admin);
  });

  it('checks the code is six digits before asking the server', async () => {
    const technician = addAccount({ role: 'technician', twoFactorEnabled: true });
    renderApp('/tech-portal');
    const user = await enterPassword(technician.user.email);
    await user.type(await screen.findByLabelText('Authentication code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription(
      'Enter the 6-digit code from your authenticator app',
    );
  });

  it('takes a recovery code at /login instead', async () => {
    const customer = addAccount({ role: 'customer', twoFactorEnabled: true });
    const { pathname } = renderApp('/login');
    const user = await enterPassword(customer.user.email);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), TEST_RECOVERY_CODES[0]!);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(signedInAccount()).toBe(customer);
  });
});

describe('the staff requirement', () => {
  it('sends a manager who must set up a second factor from /admin to the profile', async () => {
    signInAs({ role: 'manager', mustSetUpTwoFactor: true });
    const { pathname } = renderApp('/admin');
    await waitFor(() => expect(pathname()).toBe('/profile'));
    expect(
      await screen.findByText(/requires two-factor authentication for staff accounts/),
    ).toBeInTheDocument();
  });
});
