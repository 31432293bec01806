// Moving a visit, or scheduling a paid Pay Now order, for the staff's move dialog (loaded with
// it): the slots of a date where the visit fits, counted without its own seat, the move and the
// scheduling.
import type { MoveVisitRequest, ScheduleOrderRequest } from '@pitstop/shared/appointments/forms';
import { movedVisitResponseSchema } from '@pitstop/shared/appointments/responses';
import { daySlotsResponseSchema } from '@pitstop/shared/booking/responses';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { techniciansQueryKey } from '../../lib/account-lists.ts';
import { apiFetch, ApiError } from '../../lib/api.ts';
import { metricsQueryKey } from '../../lib/metrics-queries.ts';
import { appointmentsQueryKey, unscheduledOrdersQueryKey } from './api.ts';

/** As /booking's list: taken slots drop out while one waits. */
const SLOTS_REFRESH_MS = 60_000;

const visitUrl = (bookingId: string, what: 'slots' | 'move' | 'schedule') =>
  `/api/visits/${encodeURIComponent(bookingId)}/${what}`;

const visitSlotsQueryKey = (bookingId: string) => ['visits', bookingId, 'slots'] as const;

export function visitSlotsQueryOptions(bookingId: string, date: string) {
  return queryOptions({
    queryKey: [...visitSlotsQueryKey(bookingId), date] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `${visitUrl(bookingId, 'slots')}?${new URLSearchParams({ date })}`,
        daySlotsResponseSchema,
        { signal },
      ),
    refetchInterval: SLOTS_REFRESH_MS,
  });
}

/**
 * Moves the visit (`move`), or schedules the paid order (`schedule`). Every staff list it may
 * appear in is read again: the appointment tables and balances, the orders waiting to be
 * scheduled, the figures, and the technicians' next jobs. A refusal reads the visit's slots again
 * (the one chosen may have gone) and, when the visit changed meanwhile, the lists too.
 */
function useVisitChange<B>(bookingId: string, what: 'move' | 'schedule') {
  const queryClient = useQueryClient();
  const refresh = (keys: readonly (readonly string[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const lists = [appointmentsQueryKey, unscheduledOrdersQueryKey, metricsQueryKey];
  return useMutation({
    mutationFn: (body: B) =>
      apiFetch(visitUrl(bookingId, what), movedVisitResponseSchema, { method: 'POST', body }),
    onSuccess: () => refresh([...lists, techniciansQueryKey, visitSlotsQueryKey(bookingId)]),
    onError: (error) => {
      const changedMeanwhile =
        error instanceof ApiError && (error.status === 404 || error.status === 409);
      refresh(
        changedMeanwhile
          ? [visitSlotsQueryKey(bookingId), ...lists]
          : [visitSlotsQueryKey(bookingId)],
      );
    },
  });
}

export const useMoveVisit = (bookingId: string) =>
  useVisitChange<MoveVisitRequest>(bookingId, 'move');

export const useScheduleOrder = (bookingId: string) =>
  useVisitChange<ScheduleOrderRequest>(bookingId, 'schedule');
