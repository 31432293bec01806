// HTTP routes for the technician's own work (technician role only): onboarding, today's
// dashboard, duty, working days, and their own jobs' status and added services.
import {
  addServicesRequestSchema,
  arrivalRequestSchema,
  dateParamSchema,
  dutyRequestSchema,
  jobStatusRequestSchema,
  monthQuerySchema,
  onboardingRequestSchema,
  workingDayRequestSchema,
} from '@pitstop/shared/technicians/forms';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import {
  addServicesResponseSchema,
  arrivalResponseSchema,
  dutyResponseSchema,
  invitationAcceptResponseSchema,
  jobStatusResponseSchema,
  onboardingResponseSchema,
  ownWorkingDaysResponseSchema,
  technicianDashboardResponseSchema,
  workingDayResponseSchema,
} from '@pitstop/shared/technicians/responses';
import { z } from 'zod';
import { requireViewer } from '../../lib/access.ts';
import { IDEMPOTENT_ROUTE } from '../../lib/idempotency.ts';
import type { AppInstance } from '../../app-context.ts';
import { addServicesToJob } from '../visits/on-site.ts';
import { announceArrival } from '../visits/on-the-way.ts';
import {
  changeOwnJobStatus,
  completeOnboarding,
  getDashboard,
  getOnboardingStart,
  getOwnWorkingDays,
  setDuty,
  setWorkingDay,
} from './work-service.ts';

const jobParams = z.object({ id: z.uuid(TECHNICIAN_MESSAGES.jobNotFound) });

export async function technicianWorkRoutes(app: AppInstance): Promise<void> {
  const { db, auth } = app.ctx;

  app.get(
    '/api/technician/onboarding',
    {
      schema: {
        tags: ['technicians'],
        summary:
          'What onboarding starts from: the own profile, and whether a password was already chosen through the invitation link (step 3 may keep it)',
        response: { 200: onboardingResponseSchema },
      },
      config: { access: 'job:work:own' },
    },
    async (request) => getOnboardingStart(db, requireViewer(request)),
  );

  app.put(
    '/api/technician/onboarding',
    {
      schema: {
        tags: ['technicians'],
        summary:
          "Complete onboarding: the four steps' details and a new password, or keepPassword to keep the one chosen through the invitation link; once (an admin-given name is kept)",
        body: onboardingRequestSchema,
        response: { 200: invitationAcceptResponseSchema },
      },
      config: { access: 'job:work:own' },
    },
    async (request) => {
      await completeOnboarding(db, auth, requireViewer(request), request.body);
      return { onboardingComplete: true };
    },
  );

  app.get(
    '/api/technician/dashboard',
    {
      schema: {
        tags: ['technicians'],
        summary:
          "Today's own jobs and those of the next 6 business-local days (upcoming), cancelled left out, by time; today's counts and the status derived on load",
        response: { 200: technicianDashboardResponseSchema },
      },
      config: { access: 'job:work:own' },
    },
    async (request) => getDashboard(db, requireViewer(request), app.ctx.clock.now()),
  );

  app.put(
    '/api/technician/duty',
    {
      schema: {
        tags: ['technicians'],
        description: IDEMPOTENT_ROUTE,
        summary: 'Start Duty (available) or End Duty (off-duty)',
        body: dutyRequestSchema,
        response: { 200: dutyResponseSchema },
      },
      config: { access: 'job:work:own', idempotent: true },
    },
    async (request) => ({
      status: await setDuty(db, requireViewer(request), request.body.onDuty),
    }),
  );

  app.get(
    '/api/technician/working-days',
    {
      schema: {
        tags: ['technicians'],
        summary: 'The caller’s own working days in a month, and the business-local today',
        querystring: monthQuerySchema,
        response: { 200: ownWorkingDaysResponseSchema },
      },
      config: { access: 'job:work:own' },
    },
    async (request) =>
      getOwnWorkingDays(db, requireViewer(request), request.query.month, app.ctx.clock.now()),
  );

  app.put(
    '/api/technician/working-days/:date',
    {
      schema: {
        tags: ['technicians'],
        description: IDEMPOTENT_ROUTE,
        summary:
          'Mark or unmark a working day (today to a year ahead); toggling today changes the status as the spec says',
        params: dateParamSchema,
        body: workingDayRequestSchema,
        response: { 200: workingDayResponseSchema },
      },
      config: { access: 'job:work:own', idempotent: true },
    },
    async (request) =>
      setWorkingDay(
        db,
        requireViewer(request),
        request.params.date,
        request.body.working,
        app.ctx.clock.now(),
      ),
  );

  app.patch(
    '/api/technician/jobs/:id/status',
    {
      schema: {
        tags: ['technicians'],
        description: IDEMPOTENT_ROUTE,
        summary:
          'Move one of the caller’s own jobs to scheduled, in-progress or completed; the customer is e-mailed. Completing may record the odometer (and the oil used, a note): a reading below the vehicle’s last one is refused (409 ODOMETER_LOWER) unless confirmLowerOdometer',
        params: jobParams,
        body: jobStatusRequestSchema,
        response: { 200: jobStatusResponseSchema },
      },
      config: { access: 'job:work:own', idempotent: true },
    },
    async (request) =>
      changeOwnJobStatus(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body,
        app.ctx.clock.now(),
      ),
  );

  app.post(
    '/api/technician/jobs/:id/services',
    {
      schema: {
        tags: ['technicians'],
        description: IDEMPOTENT_ROUTE,
        summary:
          'Add services on site to the visit of one of the caller’s own jobs (unpaid: a balance due)',
        params: jobParams,
        body: addServicesRequestSchema,
        response: { 201: addServicesResponseSchema },
      },
      config: { access: 'job:work:own', idempotent: true },
    },
    async (request, reply) => {
      const added = await addServicesToJob(
        db,
        requireViewer(request),
        request.params.id,
        request.body.serviceIds,
        app.ctx.clock.now(),
      );
      return reply.status(201).send(added);
    },
  );

  app.post(
    '/api/technician/jobs/:id/arrival',
    {
      schema: {
        tags: ['technicians'],
        description: IDEMPOTENT_ROUTE,
        summary:
          'On my way / Running late: tell the customer of one of the caller’s own jobs of today when they will arrive (a text if the customer agreed to texts, else an e-mail)',
        params: jobParams,
        body: arrivalRequestSchema,
        response: { 200: arrivalResponseSchema },
      },
      config: { access: 'job:work:own', idempotent: true },
    },
    async (request) =>
      announceArrival(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body,
        app.ctx.clock.now(),
      ),
  );
}
