// HTTP routes for the business profile.
import { businessProfileSchema } from '@pitstop/shared/business/profile';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { staffTwoFactorSchema } from '@pitstop/shared/business/staff-two-factor';
import {
  getBusinessProfile,
  getStaffTwoFactor,
  setStaffTwoFactor,
  updateBusinessProfile,
} from './service.ts';
import { businessProfileResponseSchema } from '@pitstop/shared/business/responses';

export async function businessRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/business',
    {
      schema: {
        tags: ['business'],
        summary:
          'The business name, contacts, time zone, capacity, weekly hours, the policy for customers rescheduling and cancelling their visits, the service areas with their ZIP codes and the drive settings (public)',
        response: { 200: businessProfileResponseSchema },
      },
      config: { access: 'public' },
    },
    // Cached and frozen: serialised once per change (lib/read-cache.ts).
    async () => getBusinessProfile(app.ctx.db),
  );

  app.put(
    '/api/business',
    {
      schema: {
        tags: ['business'],
        summary:
          'Save the business profile, weekly hours, cancellation policy, service areas and drive settings (each of those left out keeps the saved one; an area sent with its id keeps it, one without gets a new id)',
        body: businessProfileSchema,
        response: { 200: businessProfileResponseSchema },
      },
      config: { access: 'business:edit' },
    },
    async (request) => updateBusinessProfile(app.ctx.db, requireViewer(request), request.body),
  );

  // Who must sign in with a second factor is a rule over every account: the super admin's.
  app.get(
    '/api/business/staff-two-factor',
    {
      schema: {
        tags: ['business'],
        summary: 'Whether staff must sign in with two-factor authentication',
        response: { 200: staffTwoFactorSchema },
      },
      config: { access: 'user:manage' },
    },
    async () => getStaffTwoFactor(app.ctx.db),
  );

  app.put(
    '/api/business/staff-two-factor',
    {
      schema: {
        tags: ['business'],
        summary:
          'Require (or stop requiring) two-factor authentication for managers and admins; 409 until the caller has it',
        body: staffTwoFactorSchema,
        response: { 200: staffTwoFactorSchema },
      },
      config: { access: 'user:manage' },
    },
    async (request) => setStaffTwoFactor(app.ctx.db, requireViewer(request), request.body),
  );
}
