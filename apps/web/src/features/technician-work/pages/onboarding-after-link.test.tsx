// Onboarding right after the invitation's link, against the API doubles: what is typed on step 1
// stays whatever the page's data does afterwards (arrives late, is read again with other values,
// or fails to be read again), and step 3 says the password from the link is set and keeps it
// unless the technician asks for a new one.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { addAccount, signInAs, type Account } from '../../../test/msw/accounts.ts';
import { issueInvitation, markPasswordChosen } from '../../../test/msw/handlers/technician-work.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeEach(() => {
  window.sessionStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

const next = () => screen.getByRole('button', { name: 'Next' });
const ONBOARDING_READ = ['technician', 'onboarding'];

function invitedTechnician(): Account {
  return addAccount({
    role: 'technician',
    name: 'Ann Lee',
    email: 'ann.lee@example.com',
    onboardingComplete: false,
  });
}

/** Through the link's page: the password set, then onboarding 2 s later. */
async function setPasswordThroughLink(account: Account, user: User) {
  const app = renderApp(`/set-technician-password?token=${issueInvitation(account)}`);
  await user.type(await screen.findByLabelText('Password'), 'from-the-link');
  await user.type(screen.getByLabelText('Confirm Password'), 'from-the-link');
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
  await waitFor(() => expect(app.pathname()).toBe('/technician-onboarding'), { timeout: 4_000 });
  return app;
}

async function fillWorkInfo(user: User) {
  await user.type(screen.getByLabelText('Street Address'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Springfield');
  await user.type(screen.getByLabelText('ZIP Code'), '12345');
  await user.type(screen.getByLabelText('Home ZIP'), '30303');
  await user.click(await screen.findByRole('checkbox', { name: 'Downtown' }));
}

describe('step 1 right after the link', () => {
  it('keeps the typed phone when the data arrives late, is read again, or fails to be', async () => {
    const account = invitedTechnician();
    // The page's data takes a while, as on a slow phone.
    server.use(
      http.get('/api/technician/onboarding', async () => {
        await delay(300);
        return undefined;
      }),
    );
    const user = userEvent.setup();
    const { queryClient } = await setPasswordThroughLink(account, user);

    await user.type(await screen.findByLabelText('Phone'), '5551234567');
    expect(next()).toBeEnabled();

    // Read again with other values (the admin changed the phone meanwhile): what was typed stays.
    account.user = { ...account.user, phone: '(555) 000-0000' };
    await act(() => queryClient.refetchQueries({ queryKey: ONBOARDING_READ }));
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');

    // A read that fails leaves the form as it is, rather than an error in its place.
    server.use(http.get('/api/technician/onboarding', () => apiError('INTERNAL', 'Boom')));
    await act(() => queryClient.refetchQueries({ queryKey: ONBOARDING_READ }));
    await waitFor(() => expect(queryClient.getQueryState(ONBOARDING_READ)?.status).toBe('error'));
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ann Lee');
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Work Info' })).toBeInTheDocument();
  });
});

describe('step 3 after the link', () => {
  async function reachPasswordStep(user: User) {
    await user.type(await screen.findByLabelText('Phone'), '5551234567');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Work Info' });
    await fillWorkInfo(user);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Password' });
  }

  async function finish(user: User) {
    await user.click(next());
    await user.type(await screen.findByLabelText('Emergency Contact'), 'Bob Lee');
    await user.type(screen.getByLabelText('Emergency Phone'), '5559876543');
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    expect(await screen.findByText('Onboarding complete!')).toBeInTheDocument();
  }

  it('says the password is set and keeps it: saving leaves the password from the link', async () => {
    const account = invitedTechnician();
    const user = userEvent.setup();
    await setPasswordThroughLink(account, user);
    await reachPasswordStep(user);

    expect(screen.getByText('Your password is already set')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Keep my current password' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Choose a new password' })).not.toBeChecked();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(next()).toBeEnabled();

    await finish(user);
    expect(await lastBodyOf('PUT', '/api/technician/onboarding')).toMatchObject({
      keepPassword: true,
    });
    expect(account.password).toBe('from-the-link');
  });

  it('asks for a new password twice when the technician chooses to change it', async () => {
    const account = signInAs({ role: 'technician', name: 'Ann Lee', onboardingComplete: false });
    markPasswordChosen(account);
    const user = userEvent.setup();
    renderApp('/technician-onboarding');
    await reachPasswordStep(user);

    await user.click(screen.getByRole('radio', { name: 'Choose a new password' }));
    expect(next()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'brand-new-2');
    expect(next()).toBeDisabled();
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'brand-new-1');
    expect(next()).toBeEnabled();

    // Back to keeping: the new password typed is dropped.
    await user.click(screen.getByRole('radio', { name: 'Keep my current password' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Choose a new password' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.type(screen.getByLabelText('Password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'brand-new-1');

    await finish(user);
    expect(await lastBodyOf('PUT', '/api/technician/onboarding')).toMatchObject({
      keepPassword: false,
      password: 'brand-new-1',
    });
    expect(account.password).toBe('brand-new-1');
  });

  it('asks for a password, with no choice, when none was chosen yet', async () => {
    signInAs({ role: 'technician', name: 'Ann Lee', onboardingComplete: false });
    const user = userEvent.setup();
    renderApp('/technician-onboarding');
    await reachPasswordStep(user);

    expect(screen.queryByText('Your password is already set')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(next()).toBeDisabled();
  });
});
