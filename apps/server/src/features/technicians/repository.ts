// Queries for the technicians feature's table: the days each technician has marked as working
// days (business-local dates, one row per technician and day).
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { technicianWorkingDays } from '../../db/schema.ts';

/** Every technician's working days between two dates (inclusive), by technician and date. */
export async function listWorkingDayRows(db: Executor, first: string, last: string) {
  return db
    .select({
      technicianId: technicianWorkingDays.technicianId,
      date: technicianWorkingDays.workDate,
    })
    .from(technicianWorkingDays)
    .where(between(technicianWorkingDays.workDate, first, last))
    .orderBy(asc(technicianWorkingDays.technicianId), asc(technicianWorkingDays.workDate));
}

/** One technician's working days between two dates (inclusive), in date order. */
export async function listOwnWorkingDayRows(
  db: Executor,
  technicianId: string,
  first: string,
  last: string,
): Promise<string[]> {
  const rows = await db
    .select({ date: technicianWorkingDays.workDate })
    .from(technicianWorkingDays)
    .where(
      and(
        eq(technicianWorkingDays.technicianId, technicianId),
        between(technicianWorkingDays.workDate, first, last),
      ),
    )
    .orderBy(asc(technicianWorkingDays.workDate));
  return rows.map((row) => row.date);
}

export async function hasWorkingDayRow(
  db: Executor,
  technicianId: string,
  date: string,
): Promise<boolean> {
  const [row] = await db
    .select({ date: technicianWorkingDays.workDate })
    .from(technicianWorkingDays)
    .where(
      and(
        eq(technicianWorkingDays.technicianId, technicianId),
        eq(technicianWorkingDays.workDate, date),
      ),
    );
  return row !== undefined;
}

/** Marks the day as a working day; marking it twice changes nothing. */
export async function insertWorkingDayRow(
  db: Executor,
  technicianId: string,
  date: string,
): Promise<void> {
  await db
    .insert(technicianWorkingDays)
    .values({ technicianId, workDate: date })
    .onConflictDoNothing();
}

/** Unmarks the day; unmarking a day that is not marked changes nothing. */
export async function deleteWorkingDayRow(
  db: Executor,
  technicianId: string,
  date: string,
): Promise<void> {
  await db
    .delete(technicianWorkingDays)
    .where(
      and(
        eq(technicianWorkingDays.technicianId, technicianId),
        eq(technicianWorkingDays.workDate, date),
      ),
    );
}

/** Which of `dates` are working days of each of the technicians, by technician and date. */
export async function listWorkingDayRowsOn(db: Executor, technicianIds: string[], dates: string[]) {
  if (technicianIds.length === 0 || dates.length === 0) return [];
  return db
    .select({
      technicianId: technicianWorkingDays.technicianId,
      date: technicianWorkingDays.workDate,
    })
    .from(technicianWorkingDays)
    .where(
      and(
        inArray(technicianWorkingDays.technicianId, technicianIds),
        inArray(technicianWorkingDays.workDate, dates),
      ),
    )
    .orderBy(asc(technicianWorkingDays.technicianId), asc(technicianWorkingDays.workDate));
}
