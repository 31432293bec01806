// Doubles of a vehicle's service history: its owner's (/api/vehicles/:id/history, only for a
// vehicle of the caller's garage) and the staff's from a visit (/api/visits/:id/vehicle-history).
// A vehicle with nothing seeded has no service on record.
import {
  vehicleHistoryResponseSchema,
  visitVehicleHistoryResponseSchema,
  type VehicleHistoryResponse,
  type VisitVehicleHistoryResponse,
} from '@pitstop/shared/vehicles/history';
import { VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { apiError, respond } from '../respond.ts';
import { garageOf } from './vehicles.ts';

const state = {
  byVehicle: new Map<string, VehicleHistoryResponse>(),
  byVisit: new Map<string, VisitVehicleHistoryResponse>(),
};

export function resetVehicleHistoryState(): void {
  state.byVehicle = new Map();
  state.byVisit = new Map();
}

/** What a garage vehicle's history answers. */
export function seedVehicleHistory(vehicleId: string, history: VehicleHistoryResponse): void {
  state.byVehicle.set(vehicleId, history);
}

/** What staff read of a visit's vehicle; a visit not seeded is unknown (404). */
export function seedVisitVehicleHistory(
  bookingId: string,
  history: VisitVehicleHistoryResponse,
): void {
  state.byVisit.set(bookingId, history);
}

export const vehicleHistoryHandlers = [
  http.get('/api/vehicles/:id/history', ({ params }) => {
    const access = requireAccess('vehicle:manage:own');
    if (!access.ok) return access.response;
    const id = String(params.id);
    if (!garageOf(access.account).some((vehicle) => vehicle.id === id)) {
      return apiError('NOT_FOUND', VEHICLE_MESSAGES.notFound);
    }
    return respond(
      vehicleHistoryResponseSchema,
      state.byVehicle.get(id) ?? { visits: [], nextDue: null },
    );
  }),

  http.get('/api/visits/:bookingId/vehicle-history', ({ params }) => {
    const access = requireAccess('appointment:read:any');
    if (!access.ok) return access.response;
    const history = state.byVisit.get(String(params.bookingId));
    if (!history) return apiError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
    return respond(visitVehicleHistoryResponseSchema, history);
  }),
];
