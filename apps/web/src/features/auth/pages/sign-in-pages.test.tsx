import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../api.ts';
import {
  accountFor,
  errorResponse,
  installFakeAuthApi,
  makeViewer,
} from '../testing/fake-auth-api.ts';
import { renderRoutes } from '../testing/render-routes.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function signInAs(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

function setUp(path: string, viewers: Viewer[], options: { viewer?: Viewer | null } = {}) {
  const api = installFakeAuthApi({
    accounts: viewers.map((viewer) => accountFor(viewer)),
    viewer: options.viewer ?? null,
  });
  return { api, ...renderRoutes(path) };
}

describe('/login', () => {
  it('offers sign-up, Back to Home and Forgot password?', async () => {
    setUp('/login', []);
    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('checks the fields before asking the server', async () => {
    const { api } = setUp('/login', []);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(api.calls()).toEqual([]);
  });

  it("shows 'Sign in failed' with the server's message beneath", async () => {
    setUp('/login', []);
    await signInAs('nobody@example.com', 'wrong-password');

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Sign in failed'));
    expect(alert).toHaveTextContent('Invalid email or password');
  });

  it('goes to / after signing in', async () => {
    const customer = makeViewer('customer');
    const { pathname } = setUp('/login', [customer]);
    await signInAs(customer.email, 'secret12');

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
});

describe('/admin-portal', () => {
  it.each(['manager', 'admin', 'super_admin'] as const)('lets a %s into /admin', async (role) => {
    const staff = makeViewer(role);
    const { pathname } = setUp('/admin-portal', [staff]);
    await signInAs(staff.email, 'secret12');

    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(pathname()).toBe('/admin');
  });

  it.each(['customer', 'technician'] as const)('signs a %s out and refuses', async (role) => {
    const someone = makeViewer(role);
    const { api } = setUp('/admin-portal', [someone]);
    await signInAs(someone.email, 'secret12');

    expect(
      await screen.findByText(
        'Access denied. This account does not have administrative privileges.',
      ),
    ).toBeInTheDocument();
    expect(api.calls()).toEqual(['POST /api/auth/sign-in/email', 'POST /api/auth/sign-out']);
    expect(api.state.viewer).toBeNull();
  });

  it('says so when the password is wrong', async () => {
    setUp('/admin-portal', [makeViewer('admin')]);
    await signInAs('admin@example.com', 'not-it');

    expect(
      await screen.findByText('Invalid credentials. Please check your email and password.'),
    ).toBeInTheDocument();
  });

  it('signs out when the role cannot be read after signing in', async () => {
    const admin = makeViewer('admin');
    const { api } = setUp('/admin-portal', [admin]);
    // The first /api/me (on arrival) answers; the one after the sign-in fails.
    let meCalls = 0;
    api.override(({ path }) =>
      path === '/api/me' && ++meCalls > 1 ? errorResponse(500, 'Database down') : undefined,
    );
    await signInAs(admin.email, 'secret12');

    expect(
      await screen.findByText('Unable to verify admin privileges. Please contact support.'),
    ).toBeInTheDocument();
    expect(api.calls()).toContain('POST /api/auth/sign-out');
  });

  it('reports any other failure in general words', async () => {
    const { api } = setUp('/admin-portal', []);
    api.override(({ path }) =>
      path === '/api/auth/sign-in/email' ? errorResponse(429, 'Too many requests') : undefined,
    );
    await signInAs('admin@example.com', 'secret12');

    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('sends a staff member who is already signed in straight to /admin', async () => {
    const { pathname } = setUp('/admin-portal', [], { viewer: makeViewer('manager') });

    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(pathname()).toBe('/admin');
  });

  it('tells a signed-in customer that this account cannot open the dashboard', async () => {
    setUp('/admin-portal', [], { viewer: makeViewer('customer') });

    expect(await screen.findByText(/which cannot open the Admin Dashboard/)).toHaveTextContent(
      'customer@example.com',
    );
  });
});

describe('/tech-portal', () => {
  it.each([
    [true, '/technician-dashboard'],
    [false, '/technician-onboarding'],
  ])('sends a technician with onboarding complete = %s to %s', async (complete, path) => {
    const technician = makeViewer('technician', { onboardingComplete: complete });
    const { pathname } = setUp('/tech-portal', [technician]);
    await signInAs(technician.email, 'secret12');

    await waitFor(() => expect(pathname()).toBe(path));
  });

  it('signs anyone else out and says the portal is for technicians', async () => {
    const admin = makeViewer('admin');
    const { api } = setUp('/tech-portal', [admin]);
    await signInAs(admin.email, 'secret12');

    expect(await screen.findByText(/for technicians only/)).toBeInTheDocument();
    expect(api.state.viewer).toBeNull();
  });

  it('answers a wrong password and other failures in the spec’s words', async () => {
    const { api } = setUp('/tech-portal', []);
    await signInAs('tech@example.com', 'nope-nope');
    expect(
      await screen.findByText('Invalid credentials. Please check your email and password.'),
    ).toBeInTheDocument();

    api.override(() => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('sends a technician who is already signed in on', async () => {
    const { pathname } = setUp('/tech-portal', [], {
      viewer: makeViewer('technician', { onboardingComplete: false }),
    });
    await waitFor(() => expect(pathname()).toBe('/technician-onboarding'));
  });
});
