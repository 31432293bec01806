// The maintenance reminder pass: a set number of days (the business profile's, 0 for none) before
// a garage vehicle's service is due, its owner gets one e-mail (and a text if they agreed at its
// last visit) with a link to book it. Each group of services (every oil change is one) is reminded
// once per cycle, however its due date shifts; not while a visit for the vehicle lies ahead, nor
// for a vehicle whose owner switched reminders off. Once, however often and on however many
// instances the pass runs: maintenance_reminders' key (vehicle, due date) is taken in the
// transaction that queues the message. Runs at start-up and every hour.
import { dueGroupOf } from '@pitstop/shared/vehicles/next-due';
import type { NextDue } from '@pitstop/shared/vehicles/next-due';
import { DUE_SOON_DAYS, DUE_SOON_LIMIT } from '@pitstop/shared/vehicles/due-soon';
import type { DueSoonResponse, DueSoonVehicle } from '@pitstop/shared/vehicles/due-soon';
import { addCalendarDays, calendarDateIn, daysBetween } from '@pitstop/shared/calendar-dates';
import type { AppContext, AppInstance } from '../../app-context.ts';
import type { Executor } from '../../db/client.ts';
import { getBusinessProfile } from '../business/service.ts';
import { queueMaintenanceReminder } from '../notifications/maintenance-reminder.ts';
import { serviceIntervals } from '../services/service.ts';
import {
  dueListsOfVehicles,
  listVehicleIdsWithVisits,
  listVisitContacts,
  vehiclesWithVisitAhead,
  vehicleVisits,
} from '../visits/vehicle-history.ts';
import type { VehicleVisit, VisitContact } from '../visits/vehicle-history.ts';
import {
  insertMaintenanceReminder,
  listReminders,
  listVehicleRowsByIds,
} from './maintenance-repository.ts';
import type { ReminderRow, ServicedVehicleRow } from './maintenance-repository.ts';
import { schedulePass } from '../../lib/periodic-pass.ts';
import { maintenanceReminderStopUrl } from './reminder-opt-out.ts';

/**
 * A due date further in the past than this is not announced: the service was most likely done
 * elsewhere, and a first reminder months late (after the setting was turned on, or a vehicle's
 * history filled in) would only confuse. Staff still see it on the dashboard's Due soon list.
 */
export const OVERDUE_REMINDER_LIMIT_DAYS = 60;

const BATCH = 200;
const PASS_INTERVAL_MS = 60 * 60 * 1000;

/** A serviced garage vehicle with what it is due for (one per group, soonest first) and last visit. */
interface DueVehicle {
  vehicle: ServicedVehicleRow;
  dueList: NextDue[];
  lastVisit: VehicleVisit;
  /** Who booked the last visit: the reminder goes to the e-mail and phone they gave. */
  contact: VisitContact;
}

/** "2019 Toyota 4Runner". */
function vehicleNameOf(vehicle: Pick<ServicedVehicleRow, 'year' | 'make' | 'model'>) {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/**
 * Every serviced garage vehicle that has a next due service, batch by batch, with its last
 * visit's contact. Each batch's reads are a few queries, whatever its size.
 */
async function* dueVehicleBatches(db: Executor): AsyncGenerator<DueVehicle[]> {
  let after: string | undefined;
  for (;;) {
    const ids = await listVehicleIdsWithVisits(db, after, BATCH);
    const lastId = ids.at(-1);
    if (!lastId) return;
    after = lastId;
    const batch = await listVehicleRowsByIds(db, ids);
    const history = await vehicleVisits(
      db,
      batch.map((vehicle) => vehicle.id),
    );
    const dueLists = await dueListsOfVehicles(db, history);
    const due: Omit<DueVehicle, 'contact'>[] = batch.flatMap((vehicle) => {
      const dueList = dueLists.get(vehicle.id) ?? [];
      const lastVisit = history.get(vehicle.id)?.[0];
      return dueList.length > 0 && lastVisit ? [{ vehicle, dueList, lastVisit }] : [];
    });
    const contacts = await listVisitContacts(
      db,
      due.map((item) => item.lastVisit.bookingId),
    );
    yield due.flatMap((item) => {
      const contact = contacts.get(item.lastVisit.bookingId);
      return contact ? [{ ...item, contact }] : [];
    });
    if (ids.length < BATCH) return;
  }
}

/** Whether the reminder of a service due on `dueOn` goes out on `today`, `leadDays` ahead. */
function isReminderDay(dueOn: string, today: string, leadDays: number): boolean {
  if (leadDays <= 0) return false;
  return (
    addCalendarDays(dueOn, -leadDays) <= today &&
    daysBetween(dueOn, today) <= OVERDUE_REMINDER_LIMIT_DAYS
  );
}

/**
 * What the reminders' services are due again with (dueGroupOf): any that changes the oil is the
 * oil change, whichever it was.
 */
async function reminderGroups(
  db: Executor,
  reminders: ReadonlyMap<string, readonly ReminderRow[]>,
): Promise<Map<string, string>> {
  const ids = [...reminders.values()].flatMap((rows) => rows.flatMap((row) => row.serviceId ?? []));
  const intervals = await serviceIntervals(db, ids);
  return new Map(
    ids.map((id) => [
      id,
      dueGroupOf({
        serviceId: id,
        serviceName: id,
        includesOilChange: intervals.get(id)?.includesOilChange ?? false,
      }),
    ]),
  );
}

/**
 * The reminder already sent for `due`'s cycle: one for a service of its group (one without a
 * service counts for every group) queued on or after the group was last done. A due date that
 * shifted since (an interval edited, a reading corrected) is the same cycle.
 */
function cycleReminder(
  rows: readonly ReminderRow[],
  due: NextDue,
  groups: ReadonlyMap<string, string>,
  timeZone: string,
): ReminderRow | undefined {
  return rows.find(
    (row) =>
      (row.serviceId === null || (groups.get(row.serviceId) ?? row.serviceId) === due.group) &&
      calendarDateIn(timeZone, row.queuedAt) >= due.lastDoneOn,
  );
}

type PassDeps = Pick<AppContext, 'db' | 'env' | 'sender'>;

/**
 * One pass over the garage; returns how many reminders it queued. A vehicle gets at most one per
 * pass, for its soonest group not yet reminded this cycle; another group due too goes on the next
 * pass (an hour later). Two groups due on the same date would share the key (vehicle, due date):
 * the first (by group) is reminded and the other is not, for that date.
 */
export async function sendMaintenanceReminders(deps: PassDeps, now = new Date()): Promise<number> {
  const business = await getBusinessProfile(deps.db);
  const leadDays = business.maintenanceReminderDays;
  if (leadDays <= 0) return 0;
  const today = calendarDateIn(business.timeZone, now);
  let queued = 0;
  for await (const batch of dueVehicleBatches(deps.db)) {
    const dueNow = batch.flatMap((item) => {
      if (item.vehicle.remindersOffAt !== null) return [];
      const dueList = item.dueList.filter((due) => isReminderDay(due.dueOn, today, leadDays));
      return dueList.length > 0 ? [{ ...item, dueList }] : [];
    });
    const ids = dueNow.map((item) => item.vehicle.id);
    const [ahead, reminders] = await Promise.all([
      vehiclesWithVisitAhead(deps.db, ids, now),
      listReminders(deps.db, ids),
    ]);
    const groups = await reminderGroups(deps.db, reminders);
    for (const item of dueNow) {
      if (ahead.has(item.vehicle.id)) continue;
      const rows = reminders.get(item.vehicle.id) ?? [];
      const due = item.dueList.find(
        (candidate) =>
          !cycleReminder(rows, candidate, groups, business.timeZone) &&
          !rows.some((row) => row.dueOn === candidate.dueOn),
      );
      if (due && (await remindOnce(deps, item, due, today, now))) queued += 1;
    }
  }
  if (queued > 0) deps.sender?.nudge();
  return queued;
}

/** Takes the vehicle and due date's row and queues the message with it, or does nothing. */
async function remindOnce(
  deps: PassDeps,
  item: DueVehicle,
  due: NextDue,
  today: string,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claimed = await insertMaintenanceReminder(tx, {
      vehicleId: item.vehicle.id,
      dueOn: due.dueOn,
      serviceId: due.serviceId,
      queuedAt: now,
    });
    if (!claimed) return false;
    await queueMaintenanceReminder(
      tx,
      deps.env,
      {
        vehicleId: item.vehicle.id,
        vehicleName: vehicleNameOf(item.vehicle),
        customerName: item.contact.firstName,
        email: item.contact.email,
        phone: item.contact.phone,
        textsConsented: item.contact.textsConsentAt !== null,
        due,
        today,
        stopUrl: maintenanceReminderStopUrl(deps.env, item.vehicle.id),
      },
      now,
    );
    return true;
  });
}

/**
 * Staff's list: vehicles due within DUE_SOON_DAYS of the business's today or overdue, each with
 * its soonest due and whether its cycle's reminder went out, soonest first, at most DUE_SOON_LIMIT.
 */
export async function listDueSoon(db: Executor, now = new Date()): Promise<DueSoonResponse> {
  const { timeZone } = await getBusinessProfile(db);
  const today = calendarDateIn(timeZone, now);
  const horizon = addCalendarDays(today, DUE_SOON_DAYS);
  const rows: DueSoonVehicle[] = [];
  for await (const batch of dueVehicleBatches(db)) {
    const due = batch.flatMap((item) => {
      const first = item.dueList[0];
      return first && first.dueOn <= horizon ? [{ ...item, due: first }] : [];
    });
    const ids = due.map((item) => item.vehicle.id);
    const [ahead, reminders] = await Promise.all([
      vehiclesWithVisitAhead(db, ids, now),
      listReminders(db, ids),
    ]);
    const groups = await reminderGroups(db, reminders);
    for (const item of due) {
      const contact = item.contact;
      const sent = cycleReminder(reminders.get(item.vehicle.id) ?? [], item.due, groups, timeZone);
      rows.push({
        vehicleId: item.vehicle.id,
        customerName: `${contact.firstName} ${contact.lastName}`,
        email: contact.email,
        phone: contact.phone,
        vehicle: vehicleNameOf(item.vehicle),
        licensePlate: item.vehicle.licensePlate,
        serviceName: item.due.serviceName,
        dueOn: item.due.dueOn,
        dueMiles: item.due.dueMiles,
        overdue: item.due.dueOn < today,
        lastVisitDate: item.lastVisit.date,
        visitBooked: ahead.has(item.vehicle.id),
        reminderSentAt: sent?.queuedAt.toISOString() ?? null,
      });
    }
  }
  rows.sort((a, b) =>
    a.dueOn === b.dueOn ? a.customerName.localeCompare(b.customerName) : a.dueOn < b.dueOn ? -1 : 1,
  );
  return { vehicles: rows.slice(0, DUE_SOON_LIMIT), truncated: rows.length > DUE_SOON_LIMIT };
}

/** At start-up and every hour, on every instance (the table's key keeps it to one message). */
export function installMaintenanceReminders(app: AppInstance): void {
  if (app.ctx.env.nodeEnv === 'test') return;
  schedulePass(app, {
    name: 'maintenance reminders',
    everyMs: PASS_INTERVAL_MS,
    atStart: true,
    run: async () => {
      const queued = await sendMaintenanceReminders(app.ctx, app.ctx.clock.now());
      if (queued > 0) app.log.info({ queued }, 'maintenance reminders queued');
    },
  });
}
