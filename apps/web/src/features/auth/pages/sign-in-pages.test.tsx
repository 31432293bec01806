// The three sign-in screens. Which role each portal lets in is portal-decisions.test.ts; here,
// that the screens act on those decisions: where they go, and the sessions they end.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  addAccount,
  signedInAccount,
  signInAs,
  TEST_PASSWORD,
} from '../../../test/msw/accounts.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { apiCalls, server } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

async function signIn(email: string, password = TEST_PASSWORD) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it('offers sign-up, Back to Home and Forgot password?', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('checks the fields before asking the server', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(apiCalls()).toEqual([]);
  });

  it("shows 'Sign in failed' with the server's message beneath", async () => {
    renderApp('/login');
    await signIn('nobody@example.com', 'wrong-password');

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Sign in failed'));
    expect(alert).toHaveTextContent('Invalid email or password');
  });

  it('goes to / after signing in', async () => {
    const customer = addAccount({ role: 'customer' });
    const { pathname } = renderApp('/login');
    await signIn(customer.user.email);

    await waitFor(() => expect(pathname()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
    expect(signedInAccount()).toBe(customer);
  });
});

describe('/login returning to the page that sent the visitor', () => {
  it('goes back to a path of this site given as ?next=', async () => {
    const customer = addAccount({ role: 'customer' });
    const { router } = renderApp(`/login?next=${encodeURIComponent('/services?x=1')}`);
    await signIn(customer.user.email);
    await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])(
    'goes to / instead of %s',
    async (next) => {
      const customer = addAccount({ role: 'customer' });
      const { pathname } = renderApp(`/login?next=${encodeURIComponent(next)}`);
      await signIn(customer.user.email);
      await waitFor(() => expect(pathname()).toBe('/'));
    },
  );

  it('sends a technician home (and on to their pages) whatever the return path', async () => {
    const technician = addAccount({ role: 'technician', onboardingComplete: false });
    const { pathname } = renderApp(`/login?next=${encodeURIComponent('/services')}`);
    await signIn(technician.user.email);
    await waitFor(() => expect(pathname()).not.toBe('/login'));
    expect(pathname()).not.toBe('/services');
  });

  it('sends an already signed-in visitor straight on', async () => {
    signInAs({ role: 'customer' });
    const { pathname } = renderApp(`/login?next=${encodeURIComponent('/services')}`);
    await waitFor(() => expect(pathname()).toBe('/services'));
  });
});

describe('/admin-portal', () => {
  it('lets staff into /admin', async () => {
    const manager = addAccount({ role: 'manager' });
    const { pathname } = renderApp('/admin-portal');
    await signIn(manager.user.email);

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(pathname()).toBe('/admin');
  });

  it('signs anyone else out again and refuses', async () => {
    const customer = addAccount({ role: 'customer' });
    const { pathname } = renderApp('/admin-portal');
    await signIn(customer.user.email);

    expect(
      await screen.findByText(
        'Access denied. This account does not have administrative privileges.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(apiCalls()).toEqual(['POST /api/auth/sign-in/email', 'POST /api/auth/sign-out']),
    );
    expect(signedInAccount()).toBeUndefined();
    expect(pathname()).toBe('/admin-portal');
  });

  it('says so when the password is wrong', async () => {
    const admin = addAccount({ role: 'admin' });
    renderApp('/admin-portal');
    await signIn(admin.user.email, 'not-it');

    expect(
      await screen.findByText('Invalid credentials. Please check your email and password.'),
    ).toBeInTheDocument();
  });

  it('signs out when the role cannot be read after signing in', async () => {
    const admin = addAccount({ role: 'admin' });
    renderApp('/admin-portal');
    await screen.findByLabelText('Email');
    // /api/me answered on arrival (signed out); the read after the sign-in fails.
    server.use(http.get('/api/me', () => apiError('INTERNAL', 'Database down')));
    await signIn(admin.user.email);

    expect(
      await screen.findByText('Unable to verify admin privileges. Please contact support.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(apiCalls()).toContain('POST /api/auth/sign-out'));
    expect(signedInAccount()).toBeUndefined();
  });

  it('reports any other failure in general words', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        apiError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'),
      ),
    );
    renderApp('/admin-portal');
    await signIn('admin@example.com');

    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('sends a staff member who is already signed in straight to /admin', async () => {
    signInAs({ role: 'manager' });
    const { pathname } = renderApp('/admin-portal');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(pathname()).toBe('/admin');
  });

  it('tells a signed-in customer that this account cannot open the dashboard', async () => {
    const customer = signInAs({ role: 'customer' });
    renderApp('/admin-portal');

    expect(await screen.findByText(/which cannot open the Admin Dashboard/)).toHaveTextContent(
      customer.user.email,
    );
  });
});

describe('/tech-portal', () => {
  it('sends a technician where technicians belong', async () => {
    const technician = addAccount({ role: 'technician', onboardingComplete: false });
    const { pathname } = renderApp('/tech-portal');
    await signIn(technician.user.email);

    await waitFor(() => expect(pathname()).toBe('/technician-onboarding'));
  });

  it('signs anyone else out and says the portal is for technicians', async () => {
    const admin = addAccount({ role: 'admin' });
    renderApp('/tech-portal');
    await signIn(admin.user.email);

    expect(await screen.findByText(/for technicians only/)).toBeInTheDocument();
    await waitFor(() => expect(signedInAccount()).toBeUndefined());
  });

  it('answers a wrong password and other failures in the spec’s words', async () => {
    renderApp('/tech-portal');
    await signIn('tech@example.com', 'nope-nope');
    expect(
      await screen.findByText('Invalid credentials. Please check your email and password.'),
    ).toBeInTheDocument();

    server.use(http.post('/api/auth/sign-in/email', () => HttpResponse.error()));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('sends a technician who is already signed in on', async () => {
    signInAs({ role: 'technician', onboardingComplete: false });
    const { pathname } = renderApp('/tech-portal');
    await waitFor(() => expect(pathname()).toBe('/technician-onboarding'));
  });
});
