// The technician's own calls: the invitation link (check, accept), onboarding, and the
// dashboard's reads and changes (duty, working days, a job's status, services added on site).
import type {
  ArrivalRequest,
  JobStatusRequest,
  OnboardingForm,
} from '@pitstop/shared/technicians/forms';
import {
  addServicesResponseSchema,
  arrivalResponseSchema,
  dutyResponseSchema,
  invitationAcceptResponseSchema,
  invitationCheckResponseSchema,
  jobStatusResponseSchema,
  onboardingResponseSchema,
  ownWorkingDaysResponseSchema,
  workingDayResponseSchema,
  type TechnicianJob,
} from '@pitstop/shared/technicians/responses';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/defaults';
import { formatTime12 } from '@pitstop/shared/business/hours';
import { wallClockIn } from '@pitstop/shared/calendar-dates';
import { VISIT_MESSAGE_WORDS } from '@pitstop/shared/notifications/visit-texts';
import type { TechnicianJobStatus } from '@pitstop/shared/technicians/rules';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { output } from 'zod/v4/core';
import { apiFetch } from '../../lib/api.ts';
import type { ResponseSchema } from '../../lib/response-check.ts';
import { technicianDayQueryOptions } from '../../lib/technician-day.ts';
import {
  forgetAccountData,
  useViewer,
  viewerQueryKey,
  viewerQueryOptions,
} from '../../lib/viewer.ts';
import {
  afterArrival,
  afterDuty,
  afterJobStatus,
  afterWorkingDay,
  refreshDay,
} from './day-cache.ts';
import { JOB_STATUS_LABELS } from './job-status-labels.ts';
import type { ChangeRequest } from './offline/change-queue.ts';
import { sendOrQueue } from './offline/technician-changes.ts';

// ---------------------------------------------------------------- invitation and onboarding

const INVITATION_CHECK_ROOT = 'technician-invitation';

/**
 * Whose invitation the link is. A POST, as the token must not sit in a URL the server logs; a
 * read all the same, and never read again once answered (accepting spends the token).
 */
export function invitationCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: [INVITATION_CHECK_ROOT, token] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/technician-invitations/check', invitationCheckResponseSchema, {
        method: 'POST',
        body: { token },
        signal,
      }),
    staleTime: Infinity,
  });
}

export interface AcceptInvitationVariables {
  token: string;
  password: string;
  confirmPassword: string;
}

/** Sets the password and signs the technician in (the session comes as a cookie). */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationVariables) =>
      apiFetch('/api/technician-invitations/accept', invitationAcceptResponseSchema, {
        method: 'POST',
        body,
      }),
    // A new session: nothing of whoever used this browser before stays, and the viewer is read
    // again before the page moves on, so the next page's guard sees the technician signed in.
    onSuccess: async () => {
      // The link's check stays: read again now, the spent token would say "not valid".
      forgetAccountData(queryClient, [INVITATION_CHECK_ROOT]);
      await refreshViewer(queryClient);
    },
  });
}

/**
 * What the wizard starts from: the profile as the admin left it, and whether the technician
 * already chose a password (the invitation's link), which step 3 then offers to keep.
 */
export function onboardingStartQueryOptions() {
  return queryOptions({
    queryKey: ['technician', 'onboarding'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/technician/onboarding', onboardingResponseSchema, { signal }),
  });
}

export function useCompleteOnboarding() {
  return useMutation({
    mutationFn: (body: OnboardingForm) =>
      apiFetch('/api/technician/onboarding', invitationAcceptResponseSchema, {
        method: 'PUT',
        body,
      }),
  });
}

/**
 * Reads the viewer from the server, so guards see the new session or onboarding complete;
 * resolves once they do. A fetch, not an invalidation: on a page that shows no viewer the query
 * is inactive, and invalidating would only mark it stale for the next guard to read as it was.
 */
export async function refreshViewer(queryClient: QueryClient): Promise<void> {
  try {
    await queryClient.fetchQuery({ ...viewerQueryOptions(), staleTime: 0 });
  } catch {
    // Read again when next needed rather than trusting the answer from before.
    await queryClient.invalidateQueries({ queryKey: viewerQueryKey });
  }
}

// ---------------------------------------------------------------- dashboard
// Today's jobs and counts: lib/technician-day.ts, which /profile reads too.

const workingDaysRoot = ['technician', 'working-days'] as const;

type OwnWorkingDays = output<typeof ownWorkingDaysResponseSchema>;

/** `month` is `YYYY-MM`. */
export function workingDaysQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...workingDaysRoot, month] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `/api/technician/working-days?month=${encodeURIComponent(month)}`,
        ownWorkingDaysResponseSchema,
        { signal },
      ),
  });
}

/** The dashboard's first reads: today's jobs, then the working days of today's month. */
export function prefetchDashboardReads(queryClient: QueryClient): void {
  void queryClient
    .fetchQuery(technicianDayQueryOptions())
    .then(({ today }) => queryClient.prefetchQuery(workingDaysQueryOptions(today.slice(0, 7))))
    .catch(() => {
      // The page shows the failure from the same query.
    });
}

/** The signed-in technician's id, whose queue a change joins when it cannot go at once. */
function useSender() {
  const queryClient = useQueryClient();
  const userId = useViewer().viewer?.userId ?? '';
  return <T>(request: ChangeRequest, schema: ResponseSchema<T>) =>
    sendOrQueue(queryClient, userId, request, schema);
}

/**
 * Start Duty (true) or End Duty (false); the server answers the status it keeps. With no signal
 * it waits on the phone to sync, as each change below does (offline/technician-changes.ts).
 */
export function useSetDuty() {
  const queryClient = useQueryClient();
  const send = useSender();
  return useMutation({
    // Sent or kept to sync by the change itself: never held back for a connection.
    networkMode: 'always',
    mutationFn: (onDuty: boolean) =>
      send(
        {
          kind: 'duty',
          method: 'PUT',
          path: '/api/technician/duty',
          body: { onDuty },
          jobId: null,
          label: onDuty ? 'Start Duty' : 'End Duty',
        },
        dutyResponseSchema,
      ),
    onSuccess: (sent) => {
      if (!sent.queued) afterDuty(queryClient, sent.answer.status);
    },
  });
}

export interface WorkingDayVariables {
  date: string;
  working: boolean;
}

/** Marks a day working or not; today's toggle changes the status as the server says. */
export function useSetWorkingDay() {
  const queryClient = useQueryClient();
  return useMutation({
    // Online only (the calendar reads a month at a time): with no signal it says so at once
    // instead of waiting unseen for the connection.
    networkMode: 'always',
    mutationFn: ({ date, working }: WorkingDayVariables) =>
      apiFetch(
        `/api/technician/working-days/${encodeURIComponent(date)}`,
        workingDayResponseSchema,
        { method: 'PUT', body: { working } },
      ),
    onSuccess: ({ date, working, status }) => {
      afterWorkingDay(queryClient, { date, working, status });
      queryClient.setQueryData<OwnWorkingDays>(
        workingDaysQueryOptions(date.slice(0, 7)).queryKey,
        (month) =>
          month && {
            ...month,
            days: working
              ? [...new Set([...month.days, date])].sort()
              : month.days.filter((day) => day !== date),
          },
      );
    },
  });
}

/** The job as the technician finds it in a list of changes: time, service and customer. */
type NamedJob = Pick<TechnicianJob, 'id' | 'serviceName' | 'time' | 'customerName'>;

const jobName = (job: NamedJob) =>
  `${formatTime12(job.time)} ${job.serviceName}, ${job.customerName}`;

export interface JobStatusVariables {
  job: NamedJob;
  status: TechnicianJobStatus;
  /** Completing: the odometer (and the oil used, a note), and a lower reading confirmed. */
  record?: Omit<JobStatusRequest, 'status'>;
}

export function useSetJobStatus() {
  const queryClient = useQueryClient();
  const send = useSender();
  return useMutation({
    // Sent or kept to sync by the change itself: never held back for a connection.
    networkMode: 'always',
    mutationFn: ({ job, status, record }: JobStatusVariables) =>
      send(
        {
          kind: 'job-status',
          method: 'PATCH',
          path: `/api/technician/jobs/${encodeURIComponent(job.id)}/status`,
          body: { status, ...record },
          jobId: job.id,
          label: `${jobName(job)}: ${JOB_STATUS_LABELS[status]}`,
        },
        jobStatusResponseSchema,
      ),
    onSuccess: (sent) => (sent.queued ? undefined : afterJobStatus(queryClient, sent.answer)),
  });
}

export interface ArrivalVariables {
  job: NamedJob & Pick<TechnicianJob, 'arrivalEstimateAt'>;
  arrival: ArrivalRequest;
  /** The business's zone: a choice in minutes is sent as the time it means on its clock. */
  timeZone: string | undefined;
}

/** "In 20 minutes" said now, as a time on the business's clock: what a later sync must say. */
function arrivalAsTime(arrival: ArrivalRequest, timeZone: string | undefined): ArrivalRequest {
  if (arrival.minutes === undefined) return arrival;
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const now = new Date();
  const at = wallClockIn(zone, new Date(now.getTime() + arrival.minutes * 60_000));
  // Up to the next 5 minutes, as the server words a choice in minutes ("about 10:40 AM").
  const minutes = Math.ceil(at.minutes / 5) * 5;
  // Past midnight a time would read as this morning's: minutes it stays.
  if (at.date !== wallClockIn(zone, now).date || minutes >= 24 * 60) return arrival;
  const pad = (value: number) => String(value).padStart(2, '0');
  return { at: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
}

/** On my way / Running late: the customer is told; the visit's jobs show the new estimate. */
export function useAnnounceArrival() {
  const queryClient = useQueryClient();
  const send = useSender();
  return useMutation({
    // Sent or kept to sync by the change itself: never held back for a connection.
    networkMode: 'always',
    mutationFn: ({ job, arrival, timeZone }: ArrivalVariables) =>
      send(
        {
          kind: 'arrival',
          method: 'POST',
          path: `/api/technician/jobs/${encodeURIComponent(job.id)}/arrival`,
          // A time, not minutes: a change kept to sync later must still mean the same moment,
          // and under one key every attempt must carry the same body.
          body: arrivalAsTime(arrival, timeZone),
          jobId: job.id,
          label: `${jobName(job)}: ${job.arrivalEstimateAt ? VISIT_MESSAGE_WORDS.runningLate : VISIT_MESSAGE_WORDS.onMyWay}`,
        },
        arrivalResponseSchema,
      ),
    onSuccess: (sent) => {
      if (!sent.queued) afterArrival(queryClient, sent.answer);
    },
  });
}

export interface AddServicesVariables {
  job: NamedJob;
  serviceIds: string[];
  /** The services' names, for the change's line while it waits to sync. */
  serviceNames: string[];
}

export function useAddServices() {
  const queryClient = useQueryClient();
  const send = useSender();
  return useMutation({
    // Sent or kept to sync by the change itself: never held back for a connection.
    networkMode: 'always',
    mutationFn: ({ job, serviceIds, serviceNames }: AddServicesVariables) =>
      send(
        {
          kind: 'add-services',
          method: 'POST',
          path: `/api/technician/jobs/${encodeURIComponent(job.id)}/services`,
          body: { serviceIds },
          jobId: job.id,
          label: `${jobName(job)}: add ${serviceNames.join(', ')}`,
        },
        addServicesResponseSchema,
      ),
    // Awaited, so the list shows the new jobs by the time the dialog closes.
    onSuccess: (sent) => (sent.queued ? undefined : refreshDay(queryClient)),
  });
}
