// HTTP routes for User Management (super_admin only). The all-accounts cleanup is in
// features/setup/routes.ts: what it is for is opening first-admin setup again.
import { createUserSchema, updateUserSchema, roleSchema } from '@pitstop/shared/users/forms';
import { userListResponseSchema, userResponseSchema } from '@pitstop/shared/users/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { createUser, deleteUser, listUsers, updateUser } from './management.ts';

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
        response: { 200: userListResponseSchema },
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
        response: { 201: userResponseSchema },
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
        response: { 200: userResponseSchema },
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
}
