// How an appointment row is read, by every feature that reads one.
import { getTableColumns, sql } from 'drizzle-orm';
import { appointments, userProfiles } from './schema.ts';

/**
 * An appointment row as every read shows it: the assigned technician's name is theirs now, read
 * by id, so a rename shows everywhere at once; the name kept on the row is only what a job shows
 * once its technician was removed (or 'Unassigned'). Select with it instead of `select()`.
 */
export const appointmentRowColumns = {
  ...getTableColumns(appointments),
  technician:
    sql<string>`coalesce((select nullif(${userProfiles.name}, '') from ${userProfiles} where ${userProfiles.id} = ${appointments.technicianId}), ${appointments.technician})`.as(
      'technician',
    ),
};
