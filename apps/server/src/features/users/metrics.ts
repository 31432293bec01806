// The users feature's side of the business's figures: technicians on duty now and on a past
// day, from their profiles and the status log (migration 0006). Only onboarded technicians
// count: nobody else can work (decision 020).
import type { Executor } from '../../db/client.ts';
import {
  countOnDutyTechnicians,
  countTechniciansOnDutyBetween,
  listOnDutyTechnicianRows,
} from './metrics-repository.ts';

/** Every onboarded technician not off duty (available or on a job), by name. */
export async function listOnDutyTechnicians(db: Executor) {
  return listOnDutyTechnicianRows(db);
}

/** How many onboarded technicians are available or on a job now. */
export async function countTechniciansOnDuty(db: Executor): Promise<number> {
  return countOnDutyTechnicians(db);
}

/** How many onboarded technicians were not off duty at some moment of [start, end). */
export async function countTechniciansOnDutyDuring(
  db: Executor,
  moments: { start: Date; end: Date },
): Promise<number> {
  return countTechniciansOnDutyBetween(db, moments.start, moments.end);
}
