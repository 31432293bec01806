// Who does a visit's jobs: staff give a job to a technician or take it back, and a removed
// technician's open jobs go back to Unassigned.
import type { Appointment } from '@pitstop/shared/appointments/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { sendEmail } from '../notifications/service.ts';
import { technicianAssignedEmail } from '../notifications/templates.ts';
import { findAppointmentForUpdate, unassignOpenJobs, updateAppointmentRow } from './repository.ts';
import { APPOINTMENT_NOT_FOUND, toAppointment, jobNotice } from './shape.ts';
import { lockTechnician } from './technician-rows.ts';

/**
 * Staff assign a technician to an appointment, or take them off (null). Only a technician who is
 * not off duty may be given a job; the customer hears who is coming.
 */

export async function assignTechnician(
  db: Db,
  env: Env,
  actor: Viewer,
  appointmentId: string,
  technicianId: string | null,
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    const row = await findAppointmentForUpdate(tx, appointmentId);
    if (!row) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
    let name = 'Unassigned';
    if (technicianId !== null) {
      // Held unchanged until commit: an End Duty or a removal meanwhile waits for this to finish.
      const found = await lockTechnician(tx, technicianId, 'share');
      if (!found || !found.onboardingComplete) {
        const message = TECHNICIAN_MESSAGES.notAssignable;
        throw new AppError('VALIDATION', message, { technicianId: message });
      }
      if (found.technicianStatus === 'off-duty') {
        const message = TECHNICIAN_MESSAGES.offDutyNotAssignable;
        throw new AppError('VALIDATION', message, { technicianId: message });
      }
      name = found.displayName;
    }
    if (row.technicianId === technicianId) return toAppointment(row);
    const updated = (await updateAppointmentRow(tx, row.id, { technicianId, technician: name }))!;
    await recordAudit(tx, actor, {
      action: 'appointment.assign',
      entity: 'appointment',
      entityId: row.id,
      details: { from: row.technicianId, to: technicianId },
    });
    const isOpen = updated.status === 'scheduled' || updated.status === 'in-progress';
    if (technicianId !== null && updated.email && isOpen) {
      await sendEmail(tx, env, updated.email, (ctx) =>
        technicianAssignedEmail(ctx, { ...jobNotice(updated), technicianName: name }),
      );
    }
    return toAppointment(updated);
  });
}
/** A removed technician's jobs still to do go back to Unassigned. Run in the removal's transaction. */

export async function releaseTechnicianJobs(tx: Executor, profileId: string): Promise<number> {
  return unassignOpenJobs(tx, profileId);
}
