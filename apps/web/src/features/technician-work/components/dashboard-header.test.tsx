// Sign Out on the technician's dashboard forgets what the phone kept: with changes still waiting
// to sync it asks first, and Keep Working keeps the session; with none it signs out at once; with
// no signal it does not sign out at all.
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw/server.ts';
import { DashboardHeader } from './dashboard-header.tsx';

function renderHeader(waitingCount: number) {
  const signOuts: unknown[] = [];
  server.use(
    http.post('/api/auth/sign-out', () => {
      signOuts.push(true);
      return HttpResponse.json({ success: true });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/technician-dashboard',
        element: <DashboardHeader businessName="Pitstop" waitingCount={waitingCount} />,
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/technician-dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { signOuts, user: userEvent.setup() };
}

describe('Sign Out on the dashboard', () => {
  it('asks first while changes wait to sync, and Keep Working keeps the session', async () => {
    const { signOuts, user } = renderHeader(2);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Sign out with changes not synced?',
    });
    expect(dialog).toHaveTextContent('2 changes waiting to sync. Signing out deletes them');
    await user.click(screen.getByRole('button', { name: 'Keep Working' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(signOuts).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(await screen.findByRole('button', { name: 'Sign Out Anyway' }));
    await screen.findByText('Elsewhere');
    expect(signOuts).toHaveLength(1);
  });

  it('does not sign out with no signal: the session and the phone’s day stay', async () => {
    const { signOuts, user } = renderHeader(2);
    onlineManager.setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Sign Out' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
      expect(signOuts).toHaveLength(0);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('signs out at once when nothing waits', async () => {
    const { signOuts, user } = renderHeader(0);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByText('Elsewhere');
    expect(signOuts).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
