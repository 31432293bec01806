// Set Technician Password against the API doubles: the link is checked before anything is offered,
// the button waits for two equal passwords, and a success signs the technician in and goes to
// onboarding after 2 s.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addAccount, signInAs, signedInAccount } from '../../../test/msw/accounts.ts';
import { issueInvitation } from '../../../test/msw/handlers/technician-work.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function invitedTechnician() {
  const account = addAccount({
    role: 'technician',
    name: 'Ann Lee',
    email: 'ann.lee@example.com',
    onboardingComplete: false,
  });
  return { account, token: issueInvitation(account) };
}

async function openForm(token: string) {
  const user = userEvent.setup();
  const app = renderApp(`/set-technician-password?token=${token}`);
  await screen.findByText('ann.lee@example.com');
  return { user, ...app };
}

describe('/set-technician-password', () => {
  it.each([
    ['used', 'This link is not valid or has already been used.'],
    ['expired', 'This link has expired. Ask for a new invitation.'],
  ] as const)('says a %s link cannot be used and offers no form', async (status, message) => {
    const account = addAccount({ role: 'technician', onboardingComplete: false });
    const token = issueInvitation(account, { status });
    renderApp(`/set-technician-password?token=${token}`);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitation Link Not Valid' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Technician Portal' })).toHaveAttribute(
      'href',
      '/tech-portal',
    );
  });

  it('refuses a forged or missing token without asking the server', async () => {
    renderApp('/set-technician-password?token=not%20a%20token');
    expect(
      await screen.findByText('This link is not valid or has already been used.'),
    ).toBeInTheDocument();
    expect(apiCalls()).toEqual([]);
  });

  it('shows whose account it is and takes the token out of the address bar', async () => {
    const { token } = invitedTechnician();
    const { router } = await openForm(token);

    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/set-technician-password');
    expect(await lastBodyOf('POST', '/api/technician-invitations/check')).toEqual({ token });
    // Still the form: the page kept the token it read, and the history entry keeps it for a
    // reload of the tab.
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ token });
  });

  it('says when someone else is signed in on this device that the link signs them out', async () => {
    signInAs({ role: 'admin', email: 'dana.admin@example.com' });
    const { token } = invitedTechnician();
    renderApp(`/set-technician-password?token=${token}`);

    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          /^You are signed in as dana\.admin@example\.com on this device\./.test(
            element.textContent ?? '',
          ),
        {},
        { timeout: 3_000 },
      ),
    ).toBeInTheDocument();
  });

  it('keeps Set Password disabled until both passwords are typed and equal', async () => {
    const { token } = invitedTechnician();
    const { user } = await openForm(token);
    const button = screen.getByRole('button', { name: 'Set Password' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Password'), 'secret12');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );

    await user.type(screen.getByLabelText('Confirm Password'), '2');
    expect(button).toBeEnabled();
    expect(screen.getByLabelText('Confirm Password')).not.toHaveAccessibleDescription(
      'Passwords do not match',
    );
  });

  it('asks for 6 characters at least', async () => {
    const { token } = invitedTechnician();
    const { user } = await openForm(token);
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Password must be at least 6 characters long',
      ),
    );
    expect(apiCalls()).not.toContain('POST /api/technician-invitations/accept');
  });

  it('sets the password, signs in, and goes to onboarding after 2 seconds', async () => {
    const { account, token } = invitedTechnician();
    const { user, pathname } = await openForm(token);
    await user.type(screen.getByLabelText('Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret');

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByText(/Password set!/)).toBeInTheDocument();
    expect(await lastBodyOf('POST', '/api/technician-invitations/accept')).toEqual({
      token,
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(account.password).toBe('new-secret');
    expect(signedInAccount()).toBe(account);

    act(() => vi.advanceTimersByTime(1_900));
    expect(pathname()).toBe('/set-technician-password');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(pathname()).toBe('/technician-onboarding'));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Technician Onboarding' })).toBeVisible();
  });

  it('says the link is spent when it was used meanwhile', async () => {
    const { token } = invitedTechnician();
    const { user } = await openForm(token);
    server.use(
      http.post('/api/technician-invitations/accept', () =>
        apiError('GONE', 'This link is not valid or has already been used.'),
      ),
    );
    await user.type(screen.getByLabelText('Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(
      await screen.findByRole('heading', { name: 'Invitation Link Not Valid' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it("shows the spec's failure message, or the server's at its field", async () => {
    const { token } = invitedTechnician();
    const { user } = await openForm(token);
    server.use(http.post('/api/technician-invitations/accept', () => apiError('INTERNAL', 'Boom')));
    await user.type(screen.getByLabelText('Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to set password. Please try again.',
    );

    server.use(
      http.post('/api/technician-invitations/accept', () =>
        apiError('VALIDATION', 'Too common', { password: 'This password is too common' }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'This password is too common',
      ),
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});
