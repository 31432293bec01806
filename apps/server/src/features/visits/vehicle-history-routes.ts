// Staff read the service history of a visit's vehicle from the appointment: the same visits and
// next due service its owner sees in their garage.
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import { visitVehicleHistoryResponseSchema } from '@pitstop/shared/vehicles/history';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { findBookingRowById } from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { vehicleHistoryAnswer } from './vehicle-history.ts';

const visitParams = z.object({ bookingId: z.uuid(MANAGE_VISIT_MESSAGES.notFound) });

/** "2019 Toyota Camry", as the visit was booked. */
function describeVehicle(booking: BookingRow): string {
  return [booking.vehicleYear, booking.vehicleMake, booking.vehicleModel]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

export async function visitVehicleHistoryRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/visits/:bookingId/vehicle-history',
    {
      schema: {
        tags: ['visits'],
        summary:
          "The service history of a visit's garage vehicle (staff): its visits with a completed service, newest first, and its next due service; a visit without a garage vehicle answers none (404 for no such visit)",
        params: visitParams,
        response: { 200: visitVehicleHistoryResponseSchema },
      },
      config: { access: 'appointment:read:any' },
    },
    async (request) => {
      const booking = await findBookingRowById(db, request.params.bookingId);
      if (!booking) throw new AppError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
      if (!booking.vehicleId) return { vehicle: null, visits: [], nextDue: null };
      return {
        vehicle: {
          id: booking.vehicleId,
          description: describeVehicle(booking),
          licensePlate: booking.licensePlate,
        },
        ...(await vehicleHistoryAnswer(db, booking.vehicleId)),
      };
    },
  );
}
