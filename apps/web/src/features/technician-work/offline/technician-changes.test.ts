// The technician's changes with or without a signal: sent at once with an idempotency key, kept on
// the device (IndexedDB, faked) when there is no connection, no answer or an older change still
// waiting, a refusal thrown as sent; and the day shown as it will be once the waiting ones sync.
// The module keeps one queue per page, so each test imports it afresh over an empty IndexedDB.
import type { TechnicianDashboard } from '@pitstop/shared/technicians/responses';
import { QueryClient, type onlineManager as OnlineManager } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '../../../lib/api.ts';
import type * as DeviceData from '../../../lib/device-data.ts';
import { makeJob } from '../../../test/msw/handlers/technician-work.ts';
import type { ChangeRequest, QueuedChange } from './change-queue.ts';
import { withWaitingChanges } from './technician-changes.ts';

// apiFetch watched: the direct send, as opposed to the queue's own (send-change.ts).
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiModule>();
  return { ...actual, apiFetch: vi.fn(actual.apiFetch) };
});

const USER = 'tech-1';

const job = makeJob({ id: 'job-1', serviceName: 'Basic Oil Change' });

function statusChange(jobId: string, status: string): ChangeRequest {
  return {
    kind: 'job-status',
    method: 'PATCH',
    path: `/api/technician/jobs/${jobId}/status`,
    body: { status },
    jobId,
    label: `Basic Oil Change: ${status}`,
  };
}

const answerFor = (status: 'in-progress' | 'completed') => ({
  job: { ...job, status },
  technicianStatus: status === 'in-progress' ? 'on-job' : 'available',
});

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

/** Every request the page makes, answered by `answer` (an Error is a network failure). */
function stubFetch(answer: (...args: FetchArgs) => Response | Error) {
  const fetch = vi.fn(async (...args: FetchArgs) => {
    const outcome = answer(...args);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('idempotency-key');

/** What sending a change answers: 200 with the job in its new status. */
const applied = (_input: RequestInfo | URL, init?: RequestInit) =>
  json(answerFor((JSON.parse(String(init?.body)) as { status: 'in-progress' }).status));

const offline = () => new TypeError('Failed to fetch');

// A fresh module graph over a fresh IndexedDB: the queue, onlineManager and ApiError of this test.
async function load() {
  const changes = await import('./technician-changes.ts');
  const { onlineManager } = await import('@tanstack/react-query');
  const { ApiError, apiFetch } = await import('../../../lib/api.ts');
  const deviceData = await import('../../../lib/device-data.ts');
  const { createStore, entries } = await import('idb-keyval');
  const { DEVICE_STORES } = deviceData;
  const store = createStore(DEVICE_STORES.changes, DEVICE_STORES.changes);
  /** The changes kept in IndexedDB, oldest first. */
  const stored = async () =>
    (await entries<string, QueuedChange>(store))
      .filter(([key]) => !key.startsWith('meta:'))
      .map(([, change]) => change)
      .sort((a, b) => a.seq - b.seq);
  // The mocked module outlives resetModules: its calls are this test's only from here.
  vi.mocked(apiFetch).mockClear();
  loaded = { onlineManager, deviceData };
  return { ...changes, onlineManager, ApiError, apiFetch: vi.mocked(apiFetch), stored };
}

let loaded:
  | {
      onlineManager: typeof OnlineManager;
      deviceData: typeof DeviceData;
    }
  | undefined;

beforeEach(() => {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
});

afterEach(async () => {
  if (loaded) {
    // Sign-out's forgetting clears the queue and cancels its retry timer, so nothing of this test
    // is sent in the next one.
    loaded.deviceData.markDeviceData();
    await loaded.deviceData.forgetDeviceData();
    loaded.onlineManager.setOnline(true);
    loaded = undefined;
  }
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('sendOrQueue', () => {
  it('sends at once with an idempotency key and answers the server’s answer', async () => {
    const { sendOrQueue, stored } = await load();
    const { jobStatusResponseSchema } = await import('@pitstop/shared/technicians/responses');
    const fetch = stubFetch(applied);

    const sent = await sendOrQueue(
      new QueryClient(),
      USER,
      statusChange('job-1', 'in-progress'),
      jobStatusResponseSchema,
    );

    expect(sent).toEqual({ queued: false, answer: answerFor('in-progress') });
    expect(fetch).toHaveBeenCalledOnce();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/technician/jobs/job-1/status');
    expect(init?.method).toBe('PATCH');
    expect(keyOf(init)).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'in-progress' });
    expect(await stored()).toEqual([]);
  });

  it('keeps the change on the device with no connection, without sending it itself', async () => {
    const { sendOrQueue, onlineManager, apiFetch, stored } = await load();
    const { jobStatusResponseSchema } = await import('@pitstop/shared/technicians/responses');
    // With no connection every attempt fails as the browser fails it.
    const fetch = stubFetch(offline);
    onlineManager.setOnline(false);

    const sent = await sendOrQueue(
      new QueryClient(),
      USER,
      statusChange('job-1', 'in-progress'),
      jobStatusResponseSchema,
    );

    expect(sent).toEqual({ queued: true });
    expect(apiFetch).not.toHaveBeenCalled();
    const [kept] = await stored();
    expect(kept).toMatchObject({
      userId: USER,
      kind: 'job-status',
      path: '/api/technician/jobs/job-1/status',
      body: { status: 'in-progress' },
      refusal: null,
    });
    // Only the queue may try (today its flush tries once and fails), under the kept key.
    for (const [, init] of fetch.mock.calls) expect(keyOf(init)).toBe(kept!.key);
  });

  it('keeps a change whose attempt got no answer under the key it was sent with', async () => {
    const { sendOrQueue, stored } = await load();
    const { jobStatusResponseSchema } = await import('@pitstop/shared/technicians/responses');
    const fetch = stubFetch(offline);

    const sent = await sendOrQueue(
      new QueryClient(),
      USER,
      statusChange('job-1', 'completed'),
      jobStatusResponseSchema,
    );

    expect(sent).toEqual({ queued: true });
    const firstKey = keyOf(fetch.mock.calls[0]?.[1]);
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    const [kept] = await stored();
    expect(kept?.key).toBe(firstKey);
    // The retry (the queue's flush) carries it again: the server applies the change once.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(keyOf(fetch.mock.calls[1]?.[1])).toBe(firstKey);
  });

  it.each([502, 503, 429])(
    'keeps a change answered %i (it may have applied) under the key it was sent with',
    async (status) => {
      const { sendOrQueue, stored } = await load();
      const { jobStatusResponseSchema } = await import('@pitstop/shared/technicians/responses');
      const fetch = stubFetch(() =>
        json({ error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } }, status),
      );

      const sent = await sendOrQueue(
        new QueryClient(),
        USER,
        statusChange('job-1', 'completed'),
        jobStatusResponseSchema,
      );

      expect(sent).toEqual({ queued: true });
      const [kept] = await stored();
      expect(kept?.key).toBe(keyOf(fetch.mock.calls[0]?.[1]));
    },
  );

  it('throws a refusal answered at once as an ApiError and keeps nothing', async () => {
    const { sendOrQueue, ApiError, stored } = await load();
    const { jobStatusResponseSchema } = await import('@pitstop/shared/technicians/responses');
    const fetch = stubFetch(() =>
      json(
        {
          error: {
            code: 'CONFLICT',
            message: 'This job was cancelled and can no longer be changed.',
          },
        },
        409,
      ),
    );

    const sending = sendOrQueue(
      new QueryClient(),
      USER,
      statusChange('job-1', 'in-progress'),
      jobStatusResponseSchema,
    );

    await expect(sending).rejects.toBeInstanceOf(ApiError);
    await expect(sending).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This job was cancelled and can no longer be changed.',
    });
    expect(fetch).toHaveBeenCalledOnce();
    expect(await stored()).toEqual([]);
  });

  it('queues a change behind an older one of the same user, and the flush sends them in order', async () => {
    const { sendOrQueue, stored } = await load();
    const { jobStatusResponseSchema } = await import('@pitstop/shared/technicians/responses');
    const queryClient = new QueryClient();
    let isConnected = false;
    const fetch = stubFetch((...args) => (isConnected ? applied(...args) : offline()));

    // The older change got no answer (online, the request failed): it waits on the device.
    await sendOrQueue(
      queryClient,
      USER,
      statusChange('job-1', 'in-progress'),
      jobStatusResponseSchema,
    );
    const [older] = await stored();
    // The queue's own retry failed too.
    await vi.waitFor(async () => expect((await stored())[0]?.attempts).toBe(1));
    fetch.mockClear();

    isConnected = true;
    const sent = await sendOrQueue(
      queryClient,
      USER,
      statusChange('job-2', 'completed'),
      jobStatusResponseSchema,
    );

    expect(sent).toEqual({ queued: true });
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/technician/jobs/job-1/status',
      '/api/technician/jobs/job-2/status',
    ]);
    expect(keyOf(fetch.mock.calls[0]?.[1])).toBe(older?.key);
    expect(keyOf(fetch.mock.calls[1]?.[1])).not.toBe(older?.key);
  });

  it('does not hold a change behind another user’s waiting change', async () => {
    const { sendOrQueue, stored } = await load();
    const { jobStatusResponseSchema } = await import('@pitstop/shared/technicians/responses');
    const queryClient = new QueryClient();
    let isConnected = false;
    const fetch = stubFetch((...args) => (isConnected ? applied(...args) : offline()));

    // The older change got no answer (online, the request failed): it waits on the device.
    await sendOrQueue(
      queryClient,
      'tech-2',
      statusChange('job-1', 'in-progress'),
      jobStatusResponseSchema,
    );
    await vi.waitFor(async () => expect((await stored())[0]?.attempts).toBe(1));
    fetch.mockClear();

    isConnected = true;
    const sent = await sendOrQueue(
      queryClient,
      USER,
      statusChange('job-2', 'completed'),
      jobStatusResponseSchema,
    );

    expect(sent).toEqual({ queued: false, answer: answerFor('completed') });
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/technician/jobs/job-2/status']);
    expect((await stored()).map((change) => change.userId)).toEqual(['tech-2']);
  });
});

describe('withWaitingChanges', () => {
  const day: TechnicianDashboard = {
    today: '2026-03-14',
    technician: {
      profileId: 'profile-1',
      name: 'Ann Lee',
      status: 'available',
      homeZip: '30303',
      serviceAreaIds: ['downtown'],
      serviceAreas: ['Downtown'],
      worksToday: true,
    },
    stats: { todaysJobs: 2, completedToday: 0 },
    jobs: [makeJob({ id: 'job-1' }), makeJob({ id: 'job-2' })],
    upcoming: [],
  };

  function waiting(request: ChangeRequest, seq: number): QueuedChange {
    return {
      ...request,
      key: `key-${seq}`,
      seq,
      userId: USER,
      queuedAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      refusal: null,
    };
  }

  const duty = (onDuty: boolean): ChangeRequest => ({
    kind: 'duty',
    method: 'PUT',
    path: '/api/technician/duty',
    body: { onDuty },
    jobId: null,
    label: onDuty ? 'Start Duty' : 'End Duty',
  });

  it('answers the same day when nothing waits', () => {
    expect(withWaitingChanges(day, [])).toBe(day);
  });

  it('shows a job’s last waiting status, leaving the other jobs as they are', () => {
    const shown = withWaitingChanges(day, [
      waiting(statusChange('job-1', 'in-progress'), 1),
      waiting(statusChange('job-1', 'completed'), 2),
    ]);
    expect(shown.jobs.map((one) => one.status)).toEqual(['completed', 'scheduled']);
    expect(shown.jobs[1]).toBe(day.jobs[1]);
    expect(day.jobs[0]?.status).toBe('scheduled');
    // Completed Today counts it, and with no job in progress the technician is available.
    expect(shown.stats.completedToday).toBe(1);
    expect(shown.technician.status).toBe('available');
  });

  it('makes the technician on a job while a job waits in progress, as the server would', () => {
    const shown = withWaitingChanges(day, [waiting(statusChange('job-1', 'in-progress'), 1)]);
    expect(shown.technician.status).toBe('on-job');
    expect(shown.stats.completedToday).toBe(0);
  });

  it('shows the duty switch as statusAfterDuty words it', () => {
    expect(withWaitingChanges(day, [waiting(duty(false), 1)]).technician.status).toBe('off-duty');
    const offDuty = { ...day, technician: { ...day.technician, status: 'off-duty' as const } };
    expect(withWaitingChanges(offDuty, [waiting(duty(true), 1)]).technician.status).toBe(
      'available',
    );
    const onJob = { ...day, technician: { ...day.technician, status: 'on-job' as const } };
    expect(withWaitingChanges(onJob, [waiting(duty(true), 1)]).technician.status).toBe('on-job');
    // In order: the last switch wins.
    expect(
      withWaitingChanges(day, [waiting(duty(false), 1), waiting(duty(true), 2)]).technician.status,
    ).toBe('available');
  });

  it('leaves the day as it is for an arrival, services added or a working day', () => {
    const shown = withWaitingChanges(day, [
      waiting(
        {
          kind: 'arrival',
          method: 'POST',
          path: '/api/technician/jobs/job-1/arrival',
          body: { minutes: 15 },
          jobId: 'job-1',
          label: 'Basic Oil Change: On my way',
        },
        1,
      ),
      waiting(
        {
          kind: 'add-services',
          method: 'POST',
          path: '/api/technician/jobs/job-1/services',
          body: { serviceIds: ['battery-service'] },
          jobId: 'job-1',
          label: 'Add Battery Service',
        },
        2,
      ),
      waiting(
        {
          kind: 'working-day',
          method: 'PUT',
          path: '/api/technician/working-days/2026-03-14',
          body: { working: false },
          jobId: null,
          label: 'Not working on Saturday, March 14',
        },
        3,
      ),
    ]);
    expect(shown).toEqual(day);
    expect(shown.technician).toBe(day.technician);
    expect(shown.jobs.every((one, index) => one === day.jobs[index])).toBe(true);
  });
});
