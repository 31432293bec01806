// The technician's dashboard with no signal, against the API doubles over a faked IndexedDB: the
// jobs and today's route stay listed under a banner saying how old they are, a status changed meanwhile shows at
// once as waiting to sync and reaches the server once, with its idempotency key, when the
// connection returns; a change the server refuses then stays listed with its reason until
// dismissed. The page keeps one change queue per module load, tied to the first query client it
// meets, so each test renders the app from a fresh load of its modules.
import 'fake-indexeddb/auto';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, getResponse, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW, type AccountSeed } from '../../../test/msw/accounts.ts';
import {
  makeJob,
  makeRouteStop,
  seedTechnicianWork,
  technicianWorkHandlers,
  technicianWorkOf,
  type TechnicianWorkSeed,
} from '../../../test/msw/handlers/technician-work.ts';
import { apiError } from '../../../test/msw/respond.ts';
import { server } from '../../../test/msw/server.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type * as DeviceData from '../../../lib/device-data.ts';

const TECHNICIAN: AccountSeed = {
  role: 'technician',
  name: 'Ann Lee',
  serviceAreaIds: ['downtown'],
  onboardingComplete: true,
};

/** The requests that reached the doubles as `METHOD path`, with their idempotency keys. */
let reached: { call: string; key: string | null }[] = [];
/** No signal: every request fails as the browser fails it, before any double sees it. */
let isConnected = true;

function record(request: Request) {
  reached.push({
    call: `${request.method} ${new URL(request.url).pathname}`,
    key: request.headers.get('idempotency-key'),
  });
}

beforeEach(() => {
  // The clock of the doubles' day (TEST_NOW is 11:00 AM in New York on March 14).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
  reached = [];
  isConnected = true;
  server.use(
    http.all('*', ({ request }) => {
      if (!isConnected) return HttpResponse.error();
      record(request);
      // On to the doubles.
      return undefined;
    }),
  );
});

let loaded: { dispose(): void; deviceData: typeof DeviceData } | null = null;

afterEach(async () => {
  act(() => onlineManager.setOnline(true));
  if (loaded) {
    loaded.dispose();
    // Sign Out's forgetting empties the queue (and cancels its retry) and the kept answers.
    loaded.deviceData.markDeviceData();
    await loaded.deviceData.forgetDeviceData();
    loaded = null;
  }
  localStorage.clear();
  vi.useRealTimers();
});

/** The app at `path` as test/render-app.tsx renders it, from a fresh load of the app's modules. */
async function renderFreshApp(path: string) {
  vi.resetModules();
  const { createQueryClient, Providers } = await import('../../../app/providers.tsx');
  const { accountRoutesOnDemand, createRoutes } = await import('../../../app/router.tsx');
  const deviceData = await import('../../../lib/device-data.ts');
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = createMemoryRouter(createRoutes(queryClient), {
    initialEntries: [path],
    patchRoutesOnNavigation: accountRoutesOnDemand(queryClient),
  });
  loaded = { dispose: () => router.dispose(), deviceData };
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { queryClient };
}

async function openDashboard(work: TechnicianWorkSeed) {
  const account = signInAs(TECHNICIAN);
  seedTechnicianWork(account, work);
  const user = userEvent.setup();
  const app = await renderFreshApp('/technician-dashboard');
  await screen.findByRole('heading', { name: /Welcome back/ });
  return { account, user, ...app };
}

function goOffline() {
  isConnected = false;
  act(() => onlineManager.setOnline(false));
}

function goOnline() {
  isConnected = true;
  act(() => onlineManager.setOnline(true));
}

const jobs = () => screen.getByRole('region', { name: "Today's Appointments" });
const statusChanges = () => reached.filter(({ call }) => call.endsWith('/status'));

describe('the dashboard with no signal', () => {
  it('keeps the jobs and the route listed under a banner saying when they were read', async () => {
    const job = makeJob({ customerName: 'Grace Hopper' });
    await openDashboard({
      jobs: [job],
      route: {
        stops: [makeRouteStop({ bookingId: job.bookingId!, driveMinutesBefore: 15 })],
        totalDriveMinutes: 30,
      },
    });
    expect(screen.queryByText(/^Offline - showing jobs as of/)).not.toBeInTheDocument();

    goOffline();

    expect(await screen.findByText('Offline - showing jobs as of 11:00 AM')).toBeInTheDocument();
    const [card] = within(jobs()).getAllByRole('article');
    expect(card).toHaveTextContent('Grace Hopper');
    const route = screen.getByRole('region', { name: "Today's Route" });
    expect(route).toHaveTextContent('From home: about 15 min');
    expect(within(route).getByRole('link', { name: /^Open route in Maps/ })).toBeInTheDocument();

    goOnline();
    await waitFor(() =>
      expect(screen.queryByText(/^Offline - showing jobs as of/)).not.toBeInTheDocument(),
    );
  });

  it('shows a status changed offline as waiting, and sends it once when back online', async () => {
    const job = makeJob({ serviceName: 'Basic Oil Change' });
    const { user, account } = await openDashboard({ jobs: [job] });
    goOffline();
    await screen.findByText(/^Offline - showing jobs as of/);

    const picker = within(jobs()).getByLabelText('Status');
    await user.selectOptions(picker, 'in-progress');

    const [card] = within(jobs()).getAllByRole('article');
    expect(await within(card!).findByText('Waiting to sync')).toBeInTheDocument();
    expect(await screen.findByText('1 change waiting to sync')).toBeInTheDocument();
    expect(within(jobs()).getByLabelText('Status')).toHaveValue('in-progress');
    expect(statusChanges()).toEqual([]);
    expect(technicianWorkOf(account).jobs[0]?.status).toBe('scheduled');

    goOnline();

    await waitFor(() =>
      expect(screen.queryByText('1 change waiting to sync')).not.toBeInTheDocument(),
    );
    expect(within(jobs()).queryByText('Waiting to sync')).not.toBeInTheDocument();
    expect(statusChanges()).toEqual([
      {
        call: `PATCH /api/technician/jobs/${job.id}/status`,
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(technicianWorkOf(account).jobs[0]?.status).toBe('in-progress');
  });

  it('keeps the synced status when a read of the day was under way meanwhile', async () => {
    const job = makeJob({ serviceName: 'Basic Oil Change' });
    const { user, account, queryClient } = await openDashboard({ jobs: [job] });
    goOffline();
    await screen.findByText(/^Offline - showing jobs as of/);
    await user.selectOptions(within(jobs()).getByLabelText('Status'), 'in-progress');
    await screen.findByText('1 change waiting to sync');

    // A read of the day waits for the connection too (a pull to refresh, say); back online it
    // goes beside the change: the server reads the day before it applies the change, and that
    // answer arrives after the change's.
    let isDayRead = false;
    server.use(
      http.patch('/api/technician/jobs/:id/status', async () => {
        for (let waited = 0; !isDayRead && waited < 2_000; waited += 20) await delay(20);
        // On to the double, which applies it.
        return undefined;
      }),
      http.get(
        '/api/technician/dashboard',
        async ({ request }) => {
          const before = await getResponse(technicianWorkHandlers, request);
          isDayRead = true;
          const isApplied = () => technicianWorkOf(account).jobs[0]?.status === 'in-progress';
          for (let waited = 0; !isApplied() && waited < 2_000; waited += 20) await delay(20);
          await delay(200);
          return before;
        },
        { once: true },
      ),
    );
    void queryClient.refetchQueries({ queryKey: ['technician', 'dashboard'] });
    goOnline();

    await waitFor(() =>
      expect(screen.queryByText('1 change waiting to sync')).not.toBeInTheDocument(),
    );
    expect(isDayRead).toBe(true);
    expect(technicianWorkOf(account).jobs[0]?.status).toBe('in-progress');
    await delay(300);
    expect(within(jobs()).getByLabelText('Status')).toHaveValue('in-progress');
  });

  it('lists a change the server refused on sync with its reason, until dismissed', async () => {
    const job = makeJob({ serviceName: 'Basic Oil Change' });
    const { user, account } = await openDashboard({ jobs: [job] });
    goOffline();
    await screen.findByText(/^Offline - showing jobs as of/);
    await user.selectOptions(within(jobs()).getByLabelText('Status'), 'in-progress');
    await screen.findByText('1 change waiting to sync');

    // Meanwhile the office cancelled the job: the server refuses the change (visits/status.ts).
    server.use(
      http.patch('/api/technician/jobs/:id/status', ({ request }) => {
        record(request);
        return apiError('CONFLICT', TECHNICIAN_MESSAGES.jobCancelled);
      }),
    );
    goOnline();

    const refusal = await screen.findByRole('alert');
    const name = `${formatTime12(job.time)} Basic Oil Change, ${job.customerName}`;
    expect(refusal).toHaveTextContent(
      `Not synced: ${name}: In Progress. ${TECHNICIAN_MESSAGES.jobCancelled}`,
    );
    expect(screen.queryByText('1 change waiting to sync')).not.toBeInTheDocument();
    expect(statusChanges()).toHaveLength(1);
    // The day is read again: the card shows the status the server keeps.
    await waitFor(() => expect(within(jobs()).getByLabelText('Status')).toHaveValue('scheduled'));
    expect(technicianWorkOf(account).jobs[0]?.status).toBe('scheduled');

    await user.click(screen.getByRole('button', { name: `Dismiss: ${name}: In Progress` }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(statusChanges()).toHaveLength(1);
  });
});
