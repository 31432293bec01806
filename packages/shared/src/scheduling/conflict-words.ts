// Why a technician cannot do a visit as planned, in the words staff read before assigning them
// anyway (slots by technicians' schedules). Times on the business's wall clock.
import { businessClockTime, formatBusinessDate } from '../business/moment-words.ts';
import type { FitConflict, Stop } from './fit.ts';

/** What keeps a technician from a visit: their calendar, their areas, or their day's plan. */
export type ScheduleConflict =
  | { kind: 'not-working'; date: string }
  | { kind: 'outside-areas'; area: string }
  | FitConflict<Stop>;

const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;

/** One sentence naming the conflict: "Avery Tech has another visit from 10:00 AM to 11:00 AM." */
export function scheduleConflictMessage(
  name: string,
  conflict: ScheduleConflict,
  timeZone: string,
): string {
  const at = (epoch: number) => businessClockTime(new Date(epoch), timeZone);
  switch (conflict.kind) {
    case 'not-working':
      return `${name} does not work on ${formatBusinessDate(conflict.date)}.`;
    case 'outside-areas':
      return `${name} does not cover ${conflict.area}.`;
    case 'overlap':
      return `${name} has another visit from ${at(conflict.stop.startsAt)} to ${at(conflict.stop.endsAt)}.`;
    case 'shift-start':
      return `${name} would arrive ${minutes(conflict.shortMinutes)} late: the drive from home takes ${minutes(conflict.driveMinutes)}.`;
    case 'drive-before':
      return `${name} would arrive ${minutes(conflict.shortMinutes)} late: the drive from the visit ending at ${at(conflict.stop.endsAt)} takes ${minutes(conflict.driveMinutes)}.`;
    case 'drive-after':
      return `${name} would be ${minutes(conflict.shortMinutes)} late for the visit at ${at(conflict.stop.startsAt)}: the drive there takes ${minutes(conflict.driveMinutes)}.`;
  }
}
