// Double of the staff's vehicles due soon (GET /api/vehicles/due-soon; appointment:read:any). A
// test seeds the rows (none by default) and whether more were left out.
import { dueSoonResponseSchema, type DueSoonResponse } from '@pitstop/shared/vehicles/due-soon';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { respond } from '../respond.ts';

const state: { answer: DueSoonResponse } = { answer: { vehicles: [], truncated: false } };

export function resetDueSoonState(): void {
  state.answer = { vehicles: [], truncated: false };
}

export function seedDueSoon(answer: DueSoonResponse): void {
  state.answer = answer;
}

export const dueSoonHandlers = [
  http.get('/api/vehicles/due-soon', () => {
    const access = requireAccess('appointment:read:any');
    if (!access.ok) return access.response;
    return respond(dueSoonResponseSchema, state.answer);
  }),
];
