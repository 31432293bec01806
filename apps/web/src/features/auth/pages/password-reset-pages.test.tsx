import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeAuthApi, VALID_RESET_TOKEN } from '../testing/fake-auth-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/forgot-password', () => {
  it('sends a reset link that comes back to /reset-password, whoever asks', async () => {
    const api = installFakeAuthApi();
    renderRoutes('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' someone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(/If an account exists/);
    expect(api.bodyOf('/api/auth/request-password-reset')).toEqual({
      email: 'someone@example.com',
      redirectTo: `${window.location.origin}/reset-password`,
    });
  });
});

describe('/reset-password', () => {
  it.each(['/reset-password?error=INVALID_TOKEN', '/reset-password'])(
    'explains an unusable link (%s) and offers a new one',
    async (path) => {
      installFakeAuthApi();
      renderRoutes(path);

      expect(
        await screen.findByText('This password reset link is invalid or has expired.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
    },
  );

  it('sets the new password and goes to /login', async () => {
    const api = installFakeAuthApi();
    const { pathname } = renderRoutes(`/reset-password?token=${VALID_RESET_TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'brand-new');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-nee');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(api.bodyOf('/api/auth/reset-password')).toEqual({
      token: VALID_RESET_TOKEN,
      newPassword: 'brand-new',
    });
  });

  it('explains a token the server refuses', async () => {
    installFakeAuthApi();
    renderRoutes('/reset-password?token=used-already');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'brand-new');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('This password reset link is invalid or has expired.'),
    ).toBeInTheDocument();
  });
});
