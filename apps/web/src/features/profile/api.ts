// The profile page's calls: the signed-in user's own profile and photo, changes to their garage
// (read through lib/garage.ts, which /booking shares), and their own appointments, each of which
// they may reschedule or cancel as the business's terms allow, whose balance they may pay, and
// about which they may be texted or not.
import {
  balanceCheckoutResponseSchema,
  visitBalanceResponseSchema,
  visitTextsResponseSchema,
  type VisitBalanceResponse,
} from '@pitstop/shared/appointments/responses';
import type { MoveVisitRequest, VisitTextsRequest } from '@pitstop/shared/appointments/forms';
import {
  cancelledVisitResponseSchema,
  visitTermsResponseSchema,
  type CancelMyVisitRequest,
} from '@pitstop/shared/appointments/manage';
import {
  movedVisitResponseSchema,
  myAppointmentsResponseSchema,
  type MyVisit,
} from '@pitstop/shared/appointments/responses';
import { daySlotsResponseSchema } from '@pitstop/shared/booking/responses';
import { profileResponseSchema, type Profile } from '@pitstop/shared/profile/responses';
import type { VehicleFormValues } from '@pitstop/shared/vehicles/forms';
import { vehicleResponseSchema } from '@pitstop/shared/vehicles/responses';
import { can } from '@pitstop/shared/permissions';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiFetch, noContentSchema } from '../../lib/api.ts';
import { garageQueryKey, garageQueryOptions } from '../../lib/garage.ts';
import { technicianDayQueryOptions } from '../../lib/technician-day.ts';
import { viewerQueryKey, type Viewer } from '../../lib/viewer.ts';
import type { ProfileFields } from './profile-form.ts';
import { CONFIRMING_LIMIT_MS, CONFIRMING_POLL_MS } from '../../lib/payment-confirmation.ts';

export const profileQueryKey = ['profile'] as const;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) =>
      (await apiFetch('/api/profile', profileResponseSchema, { signal })).profile,
  });
}

const myAppointmentsQueryKey = ['appointments', 'mine'] as const;

export function myAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: myAppointmentsQueryKey,
    queryFn: ({ signal }) =>
      apiFetch('/api/appointments/mine', myAppointmentsResponseSchema, { signal }),
  });
}

/**
 * The page's first reads, started by the route's loader: a technician has no garage to read, and
 * has today's jobs instead.
 */
export function prefetchProfileReads(queryClient: QueryClient, viewer: Viewer): void {
  void queryClient.prefetchQuery(profileQueryOptions());
  void queryClient.prefetchQuery(myAppointmentsQueryOptions());
  if (can(viewer.role, 'vehicle:manage:own')) {
    void queryClient.prefetchQuery(garageQueryOptions(viewer.userId));
  }
  if (can(viewer.role, 'job:work:own')) {
    void queryClient.prefetchQuery(technicianDayQueryOptions());
  }
}

/** Keeps the answer as the page's profile; the top bar's name and photo come from /api/me. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileQueryKey, profile);
    void queryClient.invalidateQueries({ queryKey: viewerQueryKey });
  };
}

export function useUpdateProfile() {
  const onSuccess = useProfileSaved();
  return useMutation({
    mutationFn: async (body: ProfileFields) =>
      (await apiFetch('/api/profile', profileResponseSchema, { method: 'PUT', body })).profile,
    onSuccess,
  });
}

/** Sets the photo (a data URL, already scaled down) or, with null, removes it. */
export function useSetPhoto() {
  const onSuccess = useProfileSaved();
  return useMutation({
    mutationFn: async (photo: string | null) =>
      (
        await apiFetch(
          '/api/profile/photo',
          profileResponseSchema,
          photo === null ? { method: 'DELETE' } : { method: 'PUT', body: { photo } },
        )
      ).profile,
    onSuccess,
  });
}

/**
 * After a garage change, whatever its answer: the list, which /booking shares, and the summary's
 * vehicle count. A refusal says the garage differs from what is shown too (a vehicle removed, or
 * the garage filled, in another tab), so the list follows the server either way.
 */
function useGarageSettled(userId: string) {
  const queryClient = useQueryClient();
  return async () => {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    // Awaited, so the list has the change by the time the toast appears or the dialog closes.
    await queryClient.invalidateQueries({ queryKey: garageQueryKey(userId) });
  };
}

export function useAddVehicle(userId: string) {
  const onSettled = useGarageSettled(userId);
  return useMutation({
    mutationFn: async (values: VehicleFormValues) =>
      (await apiFetch('/api/vehicles', vehicleResponseSchema, { method: 'POST', body: values }))
        .vehicle,
    onSettled,
  });
}

export interface UpdateVehicleVariables {
  id: string;
  values: VehicleFormValues;
}

export function useUpdateVehicle(userId: string) {
  const onSettled = useGarageSettled(userId);
  return useMutation({
    mutationFn: async ({ id, values }: UpdateVehicleVariables) =>
      (
        await apiFetch(`/api/vehicles/${encodeURIComponent(id)}`, vehicleResponseSchema, {
          method: 'PUT',
          body: values,
        })
      ).vehicle,
    onSettled,
  });
}

export function useRemoveVehicle(userId: string) {
  const onSettled = useGarageSettled(userId);
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await apiFetch(`/api/vehicles/${encodeURIComponent(id)}`, noContentSchema, {
          method: 'DELETE',
        });
      } catch (error) {
        // Gone already (removed in another tab): what the user asked for is done.
        if (error instanceof ApiError && error.status === 404) return;
        throw error;
      }
    },
    onSettled,
  });
}

/** Where a visit's calendar file is served (a download, never fetched by the page). */
export function calendarFilePath(calendarId: string): string {
  return `/api/appointments/${encodeURIComponent(calendarId)}/calendar.ics`;
}

const myVisitUrl = (
  bookingId: string,
  what: 'terms' | 'slots' | 'move' | 'cancel' | 'balance' | 'balance/checkout' | 'texts',
) => `/api/my/visits/${encodeURIComponent(bookingId)}/${what}`;

const myVisitQueryKey = (bookingId: string) => ['my-visits', bookingId] as const;

/**
 * What the customer may do with their visit now: reschedule, cancel and what comes back. Read
 * afresh each time a dialog opens, since the cut-offs pass while a page stays open.
 */
export function visitTermsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: [...myVisitQueryKey(bookingId), 'terms'] as const,
    queryFn: ({ signal }) =>
      apiFetch(myVisitUrl(bookingId, 'terms'), visitTermsResponseSchema, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** As /booking's list: taken slots drop out while one waits. */
const SLOTS_REFRESH_MS = 60_000;

/** The slots of `date` the customer's own visit could move to. */
export function myVisitSlotsQueryOptions(bookingId: string, date: string) {
  return queryOptions({
    queryKey: [...myVisitQueryKey(bookingId), 'slots', date] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `${myVisitUrl(bookingId, 'slots')}?${new URLSearchParams({ date })}`,
        daySlotsResponseSchema,
        { signal },
      ),
    refetchInterval: SLOTS_REFRESH_MS,
  });
}

/**
 * After a change to a visit the list is read again; after a refusal what the dialog read about
 * the visit too (it may have changed meanwhile, its terms or the slot chosen gone).
 */
function useMyVisitChanged(bookingId: string) {
  const queryClient = useQueryClient();
  return {
    onError: () => queryClient.invalidateQueries({ queryKey: myVisitQueryKey(bookingId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myAppointmentsQueryKey }),
  };
}

export function useRescheduleMyVisit(bookingId: string) {
  return useMutation({
    mutationFn: (body: MoveVisitRequest) =>
      apiFetch(myVisitUrl(bookingId, 'move'), movedVisitResponseSchema, { method: 'POST', body }),
    ...useMyVisitChanged(bookingId),
  });
}

/** Cancels the visit, confirming the refund the customer was shown. */
export function useCancelMyVisit(bookingId: string) {
  return useMutation({
    mutationFn: (refundCents: number) =>
      apiFetch(myVisitUrl(bookingId, 'cancel'), cancelledVisitResponseSchema, {
        method: 'POST',
        body: { refundCents } satisfies CancelMyVisitRequest,
      }),
    ...useMyVisitChanged(bookingId),
  });
}

/** A visit's balance as the page holds it: the answer, when it came, and the first's. */
export type VisitBalance = VisitBalanceResponse & { answeredAt: number; firstAnsweredAt: number };

/**
 * Whether the page should keep waiting for the provider to confirm a balance payment: something
 * is still due, a checkout is still open, and this answer came within the limit of the first.
 */
export function isBalanceConfirming(balance: VisitBalance): boolean {
  return (
    balance.balanceDueCents > 0 &&
    balance.payments.some((payment) => payment.status === 'pending') &&
    balance.answeredAt - balance.firstAnsweredAt < CONFIRMING_LIMIT_MS
  );
}

/**
 * The visit's balance now, read on the way back from paying it: the read records a payment the
 * provider has confirmed meanwhile, so it is asked again while one is being confirmed.
 */
export function visitBalanceQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: [...myVisitQueryKey(bookingId), 'balance'] as const,
    queryFn: async ({ signal, client, queryKey }): Promise<VisitBalance> => {
      const answer = await apiFetch(myVisitUrl(bookingId, 'balance'), visitBalanceResponseSchema, {
        signal,
      });
      const answeredAt = Date.now();
      const previous = client.getQueryData<VisitBalance>(queryKey);
      return { ...answer, answeredAt, firstAnsweredAt: previous?.firstAnsweredAt ?? answeredAt };
    },
    refetchInterval: (query) => {
      const balance = query.state.data;
      return balance && isBalanceConfirming(balance) ? CONFIRMING_POLL_MS : false;
    },
    staleTime: 0,
    gcTime: 0,
  });
}

/** My Appointments read again: a balance paid shows as paid. */
export function useRefreshMyAppointments() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: myAppointmentsQueryKey }),
    [queryClient],
  );
}

/** Opens a hosted checkout for the visit's balance; the server prices it. */
export function usePayBalance(bookingId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(myVisitUrl(bookingId, 'balance/checkout'), balanceCheckoutResponseSchema, {
        method: 'POST',
      }),
    // Refused (paid meanwhile, or cancelled): the list shows the visit as it is now.
    onError: useRefreshMyAppointments(),
  });
}

/**
 * Switches texts about the visit on or off. The list shows the answer at once (the switch does not
 * flip back while it is read again) and is read again whatever the answer.
 */
export function useSetVisitTexts(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (textUpdates: boolean) =>
      apiFetch(myVisitUrl(bookingId, 'texts'), visitTextsResponseSchema, {
        method: 'PUT',
        body: { textUpdates } satisfies VisitTextsRequest,
      }),
    onSuccess: ({ textUpdates }) => {
      queryClient.setQueryData(myAppointmentsQueryOptions().queryKey, (list) => {
        if (!list) return list;
        const withTexts = (visit: MyVisit) =>
          visit.bookingId === bookingId ? { ...visit, textUpdates } : visit;
        return { ...list, upcoming: list.upcoming.map(withTexts), past: list.past.map(withTexts) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myAppointmentsQueryKey }),
  });
}
