import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addAccount } from '../../../test/msw/accounts.ts';
import { issueResetToken, resetLinkRequests } from '../../../test/msw/handlers/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('/forgot-password', () => {
  it('sends a reset link that comes back to /reset-password, whoever asks', async () => {
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' someone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(/If an account exists/);
    expect(resetLinkRequests()).toEqual([
      { email: 'someone@example.com', redirectTo: `${window.location.origin}/reset-password` },
    ]);
  });
});

describe('/reset-password', () => {
  it.each(['/reset-password?error=INVALID_TOKEN', '/reset-password'])(
    'explains an unusable link (%s) and offers a new one',
    async (path) => {
      renderApp(path);

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
    const account = addAccount({ role: 'customer' });
    const token = issueResetToken(account);
    const { pathname } = renderApp(`/reset-password?token=${token}`);
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
    expect(account.password).toBe('brand-new');
  });

  it('explains a token the server refuses', async () => {
    renderApp('/reset-password?token=used-already');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'brand-new');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('This password reset link is invalid or has expired.'),
    ).toBeInTheDocument();
  });
});
