// HTTP routes for the signed-in user's own profile (/profile): read and edit it, set or remove
// the photo, and serve a photo to those who may see it.
import { photoRequestSchema, profileUpdateRequestSchema } from '@pitstop/shared/profile/forms';
import { PHOTO_DATA_URL_MAX_LENGTH } from '@pitstop/shared/profile/photo';
import { profileResponseSchema } from '@pitstop/shared/profile/responses';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import {
  getOwnProfile,
  parseOwnProfile,
  PHOTO_NOT_FOUND,
  profilePhotoVersion,
  readProfilePhoto,
  setOwnPhoto,
  updateOwnProfile,
} from './profile-service.ts';

/** The photo's data URL and the JSON around it. */
const PHOTO_BODY_LIMIT = PHOTO_DATA_URL_MAX_LENGTH + 1024;

/** Photo changes (set or remove) one account may make in an hour. */
const PHOTO_CHANGES_PER_HOUR = 10;

/**
 * Each change rewrites up to 2.8 MB in the database, so one account's changes are counted, set
 * and remove together, after the access check has said whose account it is.
 */
const photoChangeLimit = {
  groupId: 'profile-photo',
  hook: 'preHandler' as const,
  max: PHOTO_CHANGES_PER_HOUR,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => requireViewer(request).profileId,
  // An AppError, so the error handler answers with this message rather than its generic one.
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
    const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
    return new AppError(
      'RATE_LIMITED',
      `Too many photo changes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  },
};

export async function profileRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's own profile, with the address in parts and a summary",
        response: { 200: profileResponseSchema },
      },
      config: { access: 'profile:edit:own' },
    },
    async (request) => ({ profile: await getOwnProfile(db, requireViewer(request)) }),
  );

  app.put(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary:
          "Edit the caller's own name, phone and address; a technician also their service area and emergency contact (all required for them)",
        body: profileUpdateRequestSchema,
        response: { 200: profileResponseSchema },
      },
      config: { access: 'profile:edit:own' },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const input = parseOwnProfile(viewer, request.body);
      return { profile: await updateOwnProfile(db, viewer, input) };
    },
  );

  app.put(
    '/api/profile/photo',
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags: ['profile'],
        summary:
          'Set the caller’s photo: a JPEG, PNG, WebP or GIF data URL of at most 2 MB; with removals, 10 changes an hour',
        body: photoRequestSchema,
        response: { 200: profileResponseSchema },
      },
      config: { access: 'profile:edit:own', longText: ['photo'], rateLimit: photoChangeLimit },
    },
    async (request) => ({
      profile: await setOwnPhoto(db, requireViewer(request), request.body.photo),
    }),
  );

  app.delete(
    '/api/profile/photo',
    {
      schema: {
        tags: ['profile'],
        summary: 'Remove the caller’s photo; with new photos, 10 changes an hour',
        response: { 200: profileResponseSchema },
      },
      config: { access: 'profile:edit:own', rateLimit: photoChangeLimit },
    },
    async (request) => ({ profile: await setOwnPhoto(db, requireViewer(request), null) }),
  );

  app.get(
    '/api/profiles/:id/photo',
    {
      schema: {
        tags: ['profile'],
        summary:
          'A profile photo: the owner’s own, or anyone’s for the staff (manager, admin, super admin)',
        params: z.object({ id: z.uuid(PHOTO_NOT_FOUND) }),
        querystring: z.object({ v: z.string().max(20).optional() }),
        produces: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      },
      config: { access: 'profile:edit:own' },
    },
    async (request, reply) => {
      const { id } = request.params;
      const version = await profilePhotoVersion(db, requireViewer(request), id);
      const etag = `"${version}"`;
      // The address names the version: that one never changes, so the browser may keep it.
      const isCurrent = request.query.v === String(version);
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          isCurrent ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        )
        .header('content-security-policy', "default-src 'none'");
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const photo = await readProfilePhoto(db, id);
      return reply.type(photo.type).send(photo.bytes);
    },
  );
}
