// A garage vehicle's service history and next due service: for its owner (another garage's
// vehicle is "not found", as every garage route answers), and for staff from an appointment,
// named as the garage keeps the car (the booking's words only for a visit with no garage vehicle).
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import {
  vehicleHistoryResponseSchema,
  visitVehicleHistoryResponseSchema,
} from '@pitstop/shared/vehicles/history';
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import { VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import type { Executor } from '../../db/client.ts';
import { requireViewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { findBookingRowById } from '../visits/booking-rows.ts';
import type { BookingRow } from '../visits/booking-rows.ts';
import { vehicleHistoryAnswer } from '../visits/vehicle-history.ts';
import { listVehicles } from './service.ts';

const vehicleParams = z.object({ id: z.uuid(VEHICLE_MESSAGES.notFound) });
const visitParams = z.object({ bookingId: z.uuid(MANAGE_VISIT_MESSAGES.notFound) });

/** "2019 Toyota Camry". */
function describeCar(parts: (string | number | null)[]): string {
  return parts
    .map((part) => String(part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** The garage vehicle a visit is linked to, read from its owner's garage (a few at most). */
async function garageVehicleOf(db: Executor, booking: BookingRow): Promise<Vehicle | undefined> {
  if (!booking.vehicleId || !booking.userId) return undefined;
  const garage = await listVehicles(db, booking.userId);
  return garage.find((vehicle) => vehicle.id === booking.vehicleId);
}

export async function vehicleHistoryRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/vehicles/:id/history',
    {
      schema: {
        tags: ['vehicles'],
        summary:
          "One of the caller's vehicles: its visits with a completed service, newest first (date, services, odometer, technician), and when its next service is due",
        params: vehicleParams,
        response: { 200: vehicleHistoryResponseSchema },
      },
      config: { access: 'vehicle:manage:own' },
    },
    async (request) => {
      // A garage holds a few vehicles at most: reading it whole is the ownership check.
      const garage = await listVehicles(db, requireViewer(request).userId);
      if (!garage.some((vehicle) => vehicle.id === request.params.id)) {
        throw new AppError('NOT_FOUND', VEHICLE_MESSAGES.notFound);
      }
      return vehicleHistoryAnswer(db, request.params.id);
    },
  );

  app.get(
    '/api/visits/:bookingId/vehicle-history',
    {
      schema: {
        tags: ['visits'],
        summary:
          "The service history of a visit's garage vehicle (staff), named as the garage keeps it: its visits with a completed service, newest first, and its next due service; a visit without a garage vehicle answers none (404 for no such visit)",
        params: visitParams,
        response: { 200: visitVehicleHistoryResponseSchema },
      },
      config: { access: 'appointment:read:any' },
    },
    async (request) => {
      const booking = await findBookingRowById(db, request.params.bookingId);
      if (!booking) throw new AppError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
      if (!booking.vehicleId) return { vehicle: null, visits: [], nextDue: null };
      // The garage's car, which its owner may have corrected since the visit was booked.
      const saved = await garageVehicleOf(db, booking);
      const vehicle = saved
        ? {
            id: saved.id,
            description: describeCar([saved.year, saved.make, saved.model]),
            licensePlate: saved.licensePlate,
          }
        : {
            id: booking.vehicleId,
            description: describeCar([
              booking.vehicleYear,
              booking.vehicleMake,
              booking.vehicleModel,
            ]),
            licensePlate: booking.licensePlate,
          };
      return { vehicle, ...(await vehicleHistoryAnswer(db, booking.vehicleId)) };
    },
  );
}
