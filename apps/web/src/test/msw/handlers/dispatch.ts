// Doubles of the staff's day plan (GET /api/technicians/day-plan), deciding as
// apps/server/src/features/technicians/dispatch-service.ts does: the date checked by the shared
// query schema, read by those who read technicians; each date answers the technicians a test
// seeded for it (by name) and the visits nobody has seeded for it, none otherwise.
import { dayPlanQuerySchema } from '@pitstop/shared/technicians/dispatch';
import {
  dayPlanResponseSchema,
  type DayPlan,
  type DayPlanTechnician,
  type DayPlanUnassignedVisit,
} from '@pitstop/shared/technicians/dispatch/responses';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { apiError, respond } from '../respond.ts';

const state = {
  plans: new Map<string, DayPlanTechnician[]>(),
  unassigned: new Map<string, DayPlanUnassignedVisit[]>(),
  slotMode: 'capacity' as DayPlan['slotMode'],
};

export function resetDispatchState(): void {
  state.plans = new Map();
  state.unassigned = new Map();
  state.slotMode = 'capacity';
}

/** The technicians' days on `date`, as the server would answer them. */
export function seedDayPlan(date: string, technicians: DayPlanTechnician[]): void {
  state.plans.set(
    date,
    technicians.toSorted((a, b) => a.name.localeCompare(b.name)),
  );
}

/** The paid visits of `date` that no technician has. */
export function seedUnassignedVisits(date: string, visits: DayPlanUnassignedVisit[]): void {
  state.unassigned.set(date, visits);
}

export const dispatchHandlers = [
  http.get('/api/technicians/day-plan', ({ request }) => {
    const access = requireAccess('technician:read');
    if (!access.ok) return access.response;
    const query = dayPlanQuerySchema.safeParse({
      date: new URL(request.url).searchParams.get('date') ?? '',
    });
    if (!query.success) {
      const message = query.error.issues[0]?.message ?? '';
      return apiError('VALIDATION', message, { date: message });
    }
    const { date } = query.data;
    return respond(dayPlanResponseSchema, {
      date,
      slotMode: state.slotMode,
      technicians: state.plans.get(date) ?? [],
      unassigned: state.unassigned.get(date) ?? [],
    });
  }),
];
