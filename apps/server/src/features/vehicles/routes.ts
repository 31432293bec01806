// HTTP routes for My Garage. Every route works on the caller's own garage only; technicians have no
// garage (the permission map leaves them out). Decoding a VIN is public, since guests book too,
// and limited per address as tightly as sign-in: each decode reads a large database.
import path from 'node:path';
import {
  reminderStopRequestSchema,
  vehicleFormSchema,
  vehicleRemindersRequestSchema,
  vinDecodeQuerySchema,
} from '@pitstop/shared/vehicles/forms';
import { VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import {
  reminderStopResponseSchema,
  vehicleListResponseSchema,
  vehicleResponseSchema,
  vinDecodeResponseSchema,
} from '@pitstop/shared/vehicles/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import {
  addVehicle,
  decodeVin,
  listVehicles,
  removeVehicle,
  setVehicleReminders,
  stopVehicleReminders,
  updateVehicle,
} from './service.ts';
import { createVinDecoder } from './vin-decoder.ts';

const vehicleParams = z.object({ id: z.uuid(VEHICLE_MESSAGES.notFound) });

export async function vehiclesRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;
  const vinDecoder = createVinDecoder(path.join(env.dataDir, 'vin-decoder'), {
    onError: (error) => app.log.error({ err: error }, 'VIN decoder failed'),
  });
  app.addHook('onClose', () => vinDecoder.close());

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

  app.get(
    '/api/vehicles/decode',
    {
      schema: {
        tags: ['vehicles'],
        summary:
          'Make, model and year a VIN gives, as the catalogue names them (null where it has none): 422 for an invalid VIN, 404 when nothing is known of it',
        querystring: vinDecodeQuerySchema,
        response: { 200: vinDecodeResponseSchema },
      },
      config: {
        access: 'public',
        rateLimit: { max: env.authRateLimitPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request) => decodeVin(vinDecoder, request.query.vin),
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

  app.put(
    '/api/vehicles/:id/reminders',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Switch maintenance reminders for one of the caller’s vehicles on or off',
        params: vehicleParams,
        body: vehicleRemindersRequestSchema,
        response: { 200: vehicleResponseSchema },
      },
      config: { access: 'vehicle:manage:own' },
    },
    async (request) => ({
      vehicle: await setVehicleReminders(
        db,
        requireViewer(request).userId,
        request.params.id,
        request.body.on,
        app.ctx.clock.now(),
      ),
    }),
  );

  app.post(
    '/api/vehicles/:id/reminders/stop',
    {
      schema: {
        tags: ['vehicles'],
        summary:
          'The reminder e-mail’s one-click stop link, without sign-in (the signature is the credential): switches the vehicle’s maintenance reminders off, again or not; 404 for a signature that is not the vehicle’s',
        params: vehicleParams,
        body: reminderStopRequestSchema,
        response: { 200: reminderStopResponseSchema },
      },
      config: {
        access: 'public',
        rateLimit: { max: env.authRateLimitPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request) => {
      const { id } = request.params;
      await stopVehicleReminders(
        db,
        env.sessionSecret,
        id,
        request.body.signature,
        app.ctx.clock.now(),
      );
      return { remindersOn: false as const };
    },
  );
}
