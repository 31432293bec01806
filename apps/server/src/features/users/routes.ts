// HTTP routes for User Management (super_admin only) and the all-accounts cleanup.
import {
  cleanupSchema,
  createUserSchema,
  updateUserSchema,
  userListSchema,
  userSummarySchema,
} from '@pitstop/shared/users/forms';
import { roleSchema } from '@pitstop/shared/roles';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { cleanupAllUsers, createUser, deleteUser, listUsers, updateUser } from './service.ts';

const profileParams = z.object({ id: z.uuid('Unknown user') });

export async function usersRoutes(app: AppInstance): Promise<void> {
  const { db, auth } = app.ctx;

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Users with their roles, searchable, with counts per role',
        querystring: z.object({
          search: z.string().max(100).optional(),
          role: roleSchema.optional(),
        }),
        response: { 200: userListSchema },
      },
      config: { access: 'user:manage' },
    },
    async (request) => listUsers(db, request.query),
  );

  app.post(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user with a role',
        body: createUserSchema,
        response: { 201: z.object({ user: userSummarySchema }) },
      },
      config: { access: 'user:manage' },
    },
    async (request, reply) => {
      const user = await createUser(db, auth, requireViewer(request), request.body);
      return reply.status(201).send({ user });
    },
  );

  app.patch(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: "Edit a user's name, phone and address (the role cannot change)",
        params: profileParams,
        body: updateUserSchema,
        response: { 200: z.object({ user: userSummarySchema }) },
      },
      config: { access: 'user:manage' },
    },
    async (request) => ({
      user: await updateUser(db, requireViewer(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete a user and end their sessions (never your own account)',
        params: profileParams,
        response: { 204: z.null() },
      },
      config: { access: 'user:manage' },
    },
    async (request, reply) => {
      await deleteUser(db, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user-cleanup',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete every account and profile so that first-admin setup opens again',
        body: cleanupSchema,
        response: { 200: z.object({ deleted: z.number() }) },
      },
      config: { access: 'user:cleanup' },
    },
    async (request) => ({ deleted: await cleanupAllUsers(db, requireViewer(request)) }),
  );
}
