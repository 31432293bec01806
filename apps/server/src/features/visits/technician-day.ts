// A technician's status follows their day: on a job while one of today's is in progress.
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { statusAfterJobChange } from '@pitstop/shared/technicians/rules';
import type { TechnicianStatus } from '@pitstop/shared/technicians/rules';
import type { Executor } from '../../db/client.ts';
import { getBusinessProfile } from '../business/service.ts';
import { hasJobInProgressOn } from './repository.ts';
import { visitLocks } from './locks.ts';
import { setTechnicianStatusFrom } from './technician-rows.ts';

/**
 * After a job of a technician's changes, their status follows their day (statusAfterJobChange):
 * on a job while one of today's is in progress, available when none is, off duty stays off duty.
 * Run in the change's transaction, after the job is locked (the lock order: job, then technician).
 * Answers their status now; undefined when `profileId` is no technician.
 */
export async function followTodaysJobs(
  tx: Executor,
  profileId: string,
  now = new Date(),
): Promise<TechnicianStatus | undefined> {
  const [technician] = await visitLocks(tx).technicians([profileId], 'update');
  if (!technician) return undefined;
  const { timeZone } = await getBusinessProfile(tx);
  const today = businessNow(now, timeZone).date;
  const stored = technician.technicianStatus;
  const next = statusAfterJobChange(stored, await hasJobInProgressOn(tx, profileId, today));
  if (next !== stored) await setTechnicianStatusFrom(tx, profileId, stored, next);
  return next;
}
