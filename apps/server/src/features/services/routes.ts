// HTTP routes for the service catalogue: public reads, admin changes.
import { serviceFormSchema, serviceMoveSchema } from '@pitstop/shared/services/forms';
import {
  serviceListResponseSchema,
  serviceResponseSchema,
} from '@pitstop/shared/services/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import {
  createService,
  deleteService,
  serviceListAnswer,
  moveService,
  updateService,
} from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

export async function servicesRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/services',
    {
      schema: {
        tags: ['services'],
        summary: 'Active services in display order (public)',
        response: { 200: serviceListResponseSchema },
      },
      config: { access: 'public' },
    },
    async () => serviceListAnswer(db),
  );

  app.post(
    '/api/services',
    {
      schema: {
        tags: ['services'],
        summary: 'Add a service (its id is the slug of its name), placed last',
        body: serviceFormSchema,
        response: { 201: serviceResponseSchema },
      },
      config: { access: 'service:manage' },
    },
    async (request, reply) => {
      const service = await createService(db, requireViewer(request), request.body);
      return reply.status(201).send({ service });
    },
  );

  app.put(
    '/api/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'Edit a service (the id stays the same)',
        params: idParams,
        body: serviceFormSchema,
        response: { 200: serviceResponseSchema },
      },
      config: { access: 'service:manage' },
    },
    async (request) => ({
      service: await updateService(db, requireViewer(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'Remove a service from the catalogue (past appointments keep it)',
        params: idParams,
        response: { 204: z.null() },
      },
      config: { access: 'service:manage' },
    },
    async (request, reply) => {
      await deleteService(db, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/services/:id/move',
    {
      schema: {
        tags: ['services'],
        summary: 'Move a service to a new position; those between shift by one',
        params: idParams,
        body: serviceMoveSchema,
        response: { 200: serviceListResponseSchema },
      },
      config: { access: 'service:manage' },
    },
    async (request) => ({
      services: await moveService(
        db,
        requireViewer(request),
        request.params.id,
        request.body.order,
      ),
    }),
  );
}
