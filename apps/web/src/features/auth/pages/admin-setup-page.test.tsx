import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { addAccount, findAccountByEmail, listAccounts } from '../../../test/msw/accounts.ts';
import { requireSetupCode, SETUP_CODE_WRONG } from '../../../test/msw/handlers/setup.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, lastBodyOf, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const EMAIL_TAKEN =
  'This email is already registered with a different password. Use another email, or delete the existing user first.';

async function fill(values: { name: string; email: string; password: string; confirm: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(await screen.findByLabelText('Full Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Create Admin Account' }));
}

it('stays open while only customers exist: an early sign-up cannot lock the install', async () => {
  addAccount({ role: 'customer' });
  renderApp('/admin-setup');

  expect(await screen.findByLabelText('Full Name')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Setup Complete' })).not.toBeInTheDocument();
});

it('shows Setup Complete with a way to the admin portal once a super admin exists', async () => {
  addAccount({ role: 'super_admin' });
  renderApp('/admin-setup');

  expect(await screen.findByRole('heading', { name: 'Setup Complete' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Admin Portal' })).toHaveAttribute(
    'href',
    '/admin-portal',
  );
  expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
});

it('asks for a name and a long enough password, typed twice', async () => {
  renderApp('/admin-setup');
  await screen.findByLabelText('Full Name');
  await fill({ name: '', email: 'boss@example.com', password: 'abc', confirm: 'xyz' });

  expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Name is required');
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    'Password must be at least 6 characters long',
  );
  expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
    'Passwords do not match',
  );
  expect(apiCalls().filter((call) => !call.startsWith('GET'))).toEqual([]);
});

it("shows the server's refusal word for word", async () => {
  // An account without a profile holds the e-mail: the server's one refusal with a field.
  server.use(
    http.post('/api/setup', () => apiError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN })),
  );
  renderApp('/admin-setup');
  await fill({
    name: 'Boss',
    email: 'boss@example.com',
    password: 'secret12',
    confirm: 'secret12',
  });

  expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_TAKEN);
  // Said once, in the banner, not again under the field.
  expect(screen.getAllByText(EMAIL_TAKEN)).toHaveLength(1);
});

it('creates the super admin, says so, and goes to the admin portal after 3 seconds', async () => {
  const { pathname } = renderApp('/admin-setup');
  await fill({
    name: 'Boss',
    email: 'boss@example.com',
    password: 'secret12',
    confirm: 'secret12',
  });

  expect(await screen.findByRole('status')).toHaveTextContent(/Admin account created/);
  expect(await lastBodyOf('POST', '/api/setup')).toEqual({
    name: 'Boss',
    email: 'boss@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
  });
  expect(listAccounts()).toHaveLength(1);
  expect(findAccountByEmail('boss@example.com')?.user).toMatchObject({
    name: 'Boss',
    role: 'super_admin',
  });
  await waitFor(() => expect(pathname()).toBe('/admin-portal'), { timeout: 4000 });
});

it('says so in the spec words when it cannot check for an existing profile', async () => {
  server.use(http.get('/api/setup', () => apiError('INTERNAL', 'Database unavailable')));
  renderApp('/admin-setup');

  expect(
    await screen.findByText('Failed to check existing profile. Please try again.'),
  ).toBeInTheDocument();
  expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
});

describe('on a server others can reach', () => {
  const code = 'ABCD-EFGH-JKLM';

  it('asks for the setup code from the server log, and sends nothing without it', async () => {
    requireSetupCode(code);
    renderApp('/admin-setup');
    const field = await screen.findByLabelText('Setup code');
    expect(field).toHaveAccessibleDescription(/printed in its log/);

    await fill({
      name: 'Boss',
      email: 'boss@example.com',
      password: 'secret12',
      confirm: 'secret12',
    });

    expect(field).toHaveAccessibleDescription('Enter the setup code from the server log');
    expect(field).toHaveFocus();
    expect(apiCalls().filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it("shows a wrong code's refusal at the field, then creates the admin with the right one", async () => {
    requireSetupCode(code);
    const user = userEvent.setup();
    renderApp('/admin-setup');
    const field = await screen.findByLabelText('Setup code');
    await user.type(field, 'WRONG-CODE');
    await fill({
      name: 'Boss',
      email: 'boss@example.com',
      password: 'secret12',
      confirm: 'secret12',
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(SETUP_CODE_WRONG);
    expect(listAccounts()).toHaveLength(0);

    await user.clear(field);
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }));

    expect(await screen.findByRole('status')).toHaveTextContent(/Admin account created/);
    expect(await lastBodyOf('POST', '/api/setup')).toMatchObject({ setupCode: code });
    expect(findAccountByEmail('boss@example.com')?.user.role).toBe('super_admin');
  });
});
