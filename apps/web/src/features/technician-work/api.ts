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
  type TechnicianDashboard,
} from '@pitstop/shared/technicians/responses';
import type { TechnicianJobStatus, TechnicianStatus } from '@pitstop/shared/technicians/rules';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { output } from 'zod/v4/core';
import { apiFetch } from '../../lib/api.ts';
import { technicianDayQueryKey, technicianDayQueryOptions } from '../../lib/technician-day.ts';
import { forgetAccountData, viewerQueryKey, viewerQueryOptions } from '../../lib/viewer.ts';

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

function useSetDashboard() {
  const queryClient = useQueryClient();
  return (update: (dashboard: TechnicianDashboard) => TechnicianDashboard) =>
    queryClient.setQueryData<TechnicianDashboard>(technicianDayQueryKey, (dashboard) =>
      dashboard ? update(dashboard) : dashboard,
    );
}

const withStatus =
  (status: TechnicianStatus) =>
  (dashboard: TechnicianDashboard): TechnicianDashboard => ({
    ...dashboard,
    technician: { ...dashboard.technician, status },
  });

/** Start Duty (true) or End Duty (false); the server answers the status it keeps. */
export function useSetDuty() {
  const setDashboard = useSetDashboard();
  return useMutation({
    mutationFn: (onDuty: boolean) =>
      apiFetch('/api/technician/duty', dutyResponseSchema, { method: 'PUT', body: { onDuty } }),
    onSuccess: ({ status }) => setDashboard(withStatus(status)),
  });
}

export interface WorkingDayVariables {
  date: string;
  working: boolean;
}

/** Marks a day working or not; today's toggle changes the status as the server says. */
export function useSetWorkingDay() {
  const queryClient = useQueryClient();
  const setDashboard = useSetDashboard();
  return useMutation({
    mutationFn: ({ date, working }: WorkingDayVariables) =>
      apiFetch(
        `/api/technician/working-days/${encodeURIComponent(date)}`,
        workingDayResponseSchema,
        { method: 'PUT', body: { working } },
      ),
    onSuccess: ({ date, working, status }) => {
      setDashboard((dashboard) => {
        const changed = withStatus(status)(dashboard);
        if (date !== dashboard.today) return changed;
        return { ...changed, technician: { ...changed.technician, worksToday: working } };
      });
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

export interface JobStatusVariables {
  jobId: string;
  status: TechnicianJobStatus;
  /** Completing: the odometer (and the oil used, a note), and a lower reading confirmed. */
  record?: Omit<JobStatusRequest, 'status'>;
}

export function useSetJobStatus() {
  const queryClient = useQueryClient();
  const setDashboard = useSetDashboard();
  return useMutation({
    mutationFn: ({ jobId, status, record }: JobStatusVariables) =>
      apiFetch(
        `/api/technician/jobs/${encodeURIComponent(jobId)}/status`,
        jobStatusResponseSchema,
        {
          method: 'PATCH',
          body: { status, ...record },
        },
      ),
    onSuccess: ({ job, technicianStatus }) => {
      // The visit's other jobs show the reading just recorded.
      setDashboard((dashboard) =>
        withStatus(technicianStatus)({
          ...dashboard,
          jobs: dashboard.jobs.map((one) =>
            one.id === job.id
              ? job
              : job.bookingId !== null && one.bookingId === job.bookingId
                ? { ...one, visitOdometerMiles: job.visitOdometerMiles }
                : one,
          ),
        }),
      );
      // The counts (Completed Today) are the server's to make.
      return queryClient.invalidateQueries({ queryKey: technicianDayQueryKey });
    },
  });
}

export interface ArrivalVariables {
  jobId: string;
  arrival: ArrivalRequest;
}

/** On my way / Running late: the customer is told; the visit's jobs show the new estimate. */
export function useAnnounceArrival() {
  const setDashboard = useSetDashboard();
  return useMutation({
    mutationFn: ({ jobId, arrival }: ArrivalVariables) =>
      apiFetch(`/api/technician/jobs/${encodeURIComponent(jobId)}/arrival`, arrivalResponseSchema, {
        method: 'POST',
        body: arrival,
      }),
    onSuccess: (answer) =>
      setDashboard((dashboard) => ({
        ...dashboard,
        jobs: dashboard.jobs.map((one) =>
          one.bookingId === answer.bookingId
            ? { ...one, arrivalEstimateAt: answer.arrivalEstimateAt }
            : one,
        ),
      })),
  });
}

export interface AddServicesVariables {
  jobId: string;
  serviceIds: string[];
}

export function useAddServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, serviceIds }: AddServicesVariables) =>
      apiFetch(
        `/api/technician/jobs/${encodeURIComponent(jobId)}/services`,
        addServicesResponseSchema,
        { method: 'POST', body: { serviceIds } },
      ),
    // Awaited, so the list shows the new jobs by the time the dialog closes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: technicianDayQueryKey }),
  });
}
