import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { errorResponse, installFakeAuthApi } from '../testing/fake-auth-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

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

it('shows Setup Complete with a way to the admin portal once an account exists', async () => {
  installFakeAuthApi({ setupAvailable: false });
  renderRoutes('/admin-setup');

  expect(await screen.findByRole('heading', { name: 'Setup Complete' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Admin Portal' })).toHaveAttribute(
    'href',
    '/admin-portal',
  );
  expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
});

it('asks for a name and a long enough password, typed twice', async () => {
  const api = installFakeAuthApi();
  renderRoutes('/admin-setup');
  await screen.findByLabelText('Full Name');
  await fill({ name: '', email: 'boss@example.com', password: 'abc', confirm: 'xyz' });

  expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Name is required');
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    'Password must be at least 6 characters long',
  );
  expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
    'Passwords do not match',
  );
  expect(api.calls()).toEqual(['GET /api/setup']);
});

it("shows the server's refusal word for word", async () => {
  const api = installFakeAuthApi();
  api.override(({ path, method }) =>
    path === '/api/setup' && method === 'POST'
      ? errorResponse(409, EMAIL_TAKEN, { email: EMAIL_TAKEN })
      : undefined,
  );
  renderRoutes('/admin-setup');
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
  const api = installFakeAuthApi();
  const { pathname } = renderRoutes('/admin-setup');
  await fill({
    name: 'Boss',
    email: 'boss@example.com',
    password: 'secret12',
    confirm: 'secret12',
  });

  expect(await screen.findByRole('status')).toHaveTextContent(/Admin account created/);
  expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
    name: 'Boss',
    email: 'boss@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
  });
  await waitFor(() => expect(pathname()).toBe('/admin-portal'), { timeout: 4000 });
});

it('says so in the spec words when it cannot check for an existing profile', async () => {
  const api = installFakeAuthApi();
  api.override((request) =>
    request.path === '/api/setup' ? errorResponse(500, 'Database unavailable') : undefined,
  );
  renderRoutes('/admin-setup');

  expect(
    await screen.findByText('Failed to check existing profile. Please try again.'),
  ).toBeInTheDocument();
  expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
});
