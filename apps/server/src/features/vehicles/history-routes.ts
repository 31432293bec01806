// A garage vehicle's service history and next due service, for its owner only: another garage's
// vehicle is "not found", as every garage route answers.
import { vehicleHistoryResponseSchema } from '@pitstop/shared/vehicles/history';
import { VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { vehicleHistoryAnswer } from '../visits/vehicle-history.ts';
import { listVehicles } from './service.ts';

const vehicleParams = z.object({ id: z.uuid(VEHICLE_MESSAGES.notFound) });

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
}
