// HTTP routes for My Garage. Every route works on the caller's own garage only; technicians have no
// garage (the permission map leaves them out).
import { vehicleFormSchema } from '@pitstop/shared/vehicles/forms';
import { VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import {
  vehicleListResponseSchema,
  vehicleResponseSchema,
} from '@pitstop/shared/vehicles/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { addVehicle, listVehicles, removeVehicle, updateVehicle } from './service.ts';

const vehicleParams = z.object({ id: z.uuid(VEHICLE_MESSAGES.notFound) });

export async function vehiclesRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/vehicles',
    {
      schema: {
        tags: ['vehicles'],
        summary: "The caller's own vehicles, newest first",
        response: { 200: vehicleListResponseSchema },
      },
      config: { access: 'vehicle:manage:own' },
    },
    async (request) => ({ vehicles: await listVehicles(db, requireViewer(request).userId) }),
  );

  app.post(
    '/api/vehicles',
    {
      schema: {
        tags: ['vehicles'],
        summary:
          'Add a vehicle to the caller’s garage (a plate once per garage, at most 20 vehicles)',
        body: vehicleFormSchema,
        response: { 201: vehicleResponseSchema },
      },
      config: { access: 'vehicle:manage:own' },
    },
    async (request, reply) => {
      const vehicle = await addVehicle(db, requireViewer(request).userId, request.body);
      return reply.status(201).send({ vehicle });
    },
  );

  app.put(
    '/api/vehicles/:id',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Change one of the caller’s vehicles',
        params: vehicleParams,
        body: vehicleFormSchema,
        response: { 200: vehicleResponseSchema },
      },
      config: { access: 'vehicle:manage:own' },
    },
    async (request) => ({
      vehicle: await updateVehicle(
        db,
        requireViewer(request).userId,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/vehicles/:id',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Remove one of the caller’s vehicles',
        params: vehicleParams,
        response: { 204: z.null() },
      },
      config: { access: 'vehicle:manage:own' },
    },
    async (request, reply) => {
      await removeVehicle(db, requireViewer(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
