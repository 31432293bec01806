// The service catalogue: what customers read and what admins change.
import { centsToDollars, dollarsToCents } from '@pitstop/shared/money';
import {
  durationMinutesOf,
  isSameServiceName,
  moveItem,
  SERVICE_NAME_TAKEN,
  serviceIdFromName,
} from '@pitstop/shared/services/catalog';
import type { ServiceIcon } from '@pitstop/shared/services/icons';
import type { Service } from '@pitstop/shared/services/responses';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedRead } from '../../lib/read-cache.ts';
import {
  listServiceIntervalRows,
  insertServicesIfAbsent,
  listActiveServiceRows,
  lockCatalogue,
  setServiceOrder,
  softDeleteServiceRow,
  updateServiceRow,
  upsertService,
} from './repository.ts';
import type { ServiceRow, ServiceValues } from './repository.ts';

function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon as ServiceIcon,
    description: row.description,
    price: centsToDollars(row.priceCents),
    priceCents: row.priceCents,
    duration: row.duration,
    durationMinutes: row.durationMinutes,
    includes: row.includes,
    order: row.sortOrder,
    // Every active service with a price can be paid for online.
    payable: row.priceCents > 0,
    intervalMiles: row.intervalMiles,
    intervalMonths: row.intervalMonths,
    includesOilChange: row.includesOilChange,
  };
}

/** The active catalogue in display order, from memory until it changes (lib/read-cache.ts). */
export function listServices(db: Executor): Promise<Service[]> {
  return cachedRead(db, 'active-services', ['services'], async () =>
    (await listActiveServiceRows(db)).map(toService),
  );
}

/**
 * GET /api/services' answer: one frozen object per catalogue, so it is serialised once and not
 * per request (lib/read-cache.ts).
 */
export function serviceListAnswer(db: Executor): Promise<{ services: Service[] }> {
  return cachedRead(db, 'service-list', ['services'], async () => ({
    services: await listServices(db),
  }));
}

export interface ServiceInput {
  name: string;
  icon: ServiceIcon;
  description: string;
  price: number;
  duration: string;
  includes: string[];
  intervalMiles?: number | null;
  intervalMonths?: number | null;
  includesOilChange?: boolean;
}

/** An edit's values: a field the request left out (an interval, the oil flag) keeps its saved value. */
function toValues(
  input: ServiceInput,
): Omit<ServiceValues, OptionalField> & Partial<ServiceValues> {
  const values = {
    name: input.name,
    icon: input.icon,
    description: input.description,
    priceCents: dollarsToCents(input.price),
    duration: input.duration,
    durationMinutes: durationMinutesOf(input.duration),
    includes: input.includes.map((item) => item.trim()).filter((item) => item.length > 0),
  };
  return {
    ...values,
    ...(input.intervalMiles !== undefined && { intervalMiles: input.intervalMiles }),
    ...(input.intervalMonths !== undefined && { intervalMonths: input.intervalMonths }),
    ...(input.includesOilChange !== undefined && { includesOilChange: input.includesOilChange }),
  };
}

type OptionalField = 'intervalMiles' | 'intervalMonths' | 'includesOilChange';

/** A new service's values: a field left out is none (no interval, no oil change). */
function toNewValues(input: ServiceInput): ServiceValues {
  return {
    intervalMiles: null,
    intervalMonths: null,
    includesOilChange: false,
    ...toValues(input),
  };
}

function nameTaken(): AppError {
  return new AppError('CONFLICT', SERVICE_NAME_TAKEN, { name: SERVICE_NAME_TAKEN });
}

/**
 * Refuses a name that another active service already has or whose id it would take. Names are
 * compared as ids are made (case and punctuation ignored), so a rename cannot do what an add may not.
 */
function refuseNameClash(active: readonly ServiceRow[], name: string, ownId?: string): void {
  const id = serviceIdFromName(name);
  const clash = active.some(
    (row) => row.id !== ownId && (row.id === id || isSameServiceName(row.name, name)),
  );
  if (clash) throw nameTaken();
}

/** Rewrites orders as 0..n-1 in the given sequence (only rows whose order changes). */
async function writeOrder(db: Executor, rows: ServiceRow[]): Promise<void> {
  for (const [index, row] of rows.entries()) {
    if (row.sortOrder !== index) await setServiceOrder(db, row.id, index);
  }
}

export async function createService(db: Db, actor: Viewer, input: ServiceInput): Promise<Service> {
  const id = serviceIdFromName(input.name);
  return db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const active = await listActiveServiceRows(tx);
    refuseNameClash(active, input.name);
    await writeOrder(tx, active);
    const row = await upsertService(tx, id, toNewValues(input), active.length);
    if (!row) throw nameTaken();
    await recordAudit(tx, actor, {
      action: 'service.create',
      entity: 'service',
      entityId: id,
      details: { ...input },
    });
    return toService(row);
  });
}

export async function updateService(
  db: Db,
  actor: Viewer,
  id: string,
  input: ServiceInput,
): Promise<Service> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const active = await listActiveServiceRows(tx);
    if (!active.some((row) => row.id === id)) throw new AppError('NOT_FOUND', 'Service not found.');
    refuseNameClash(active, input.name, id);
    // The id stays: appointments and bookings refer to it even when the name changes.
    const row = await updateServiceRow(tx, id, toValues(input));
    if (!row) throw new AppError('NOT_FOUND', 'Service not found.');
    await recordAudit(tx, actor, {
      action: 'service.update',
      entity: 'service',
      entityId: id,
      details: { ...input },
    });
    return toService(row);
  });
}

export async function deleteService(db: Db, actor: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const row = await softDeleteServiceRow(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 'Service not found.');
    await writeOrder(tx, await listActiveServiceRows(tx));
    await recordAudit(tx, actor, {
      action: 'service.delete',
      entity: 'service',
      entityId: id,
      details: { name: row.name },
    });
  });
}

/** Moves a service to a new position; those between shift by one. Returns the new list. */
export async function moveService(
  db: Db,
  actor: Viewer,
  id: string,
  to: number,
): Promise<Service[]> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const rows = await listActiveServiceRows(tx);
    const from = rows.findIndex((row) => row.id === id);
    if (from < 0) throw new AppError('NOT_FOUND', 'Service not found.');
    if (to >= rows.length)
      throw new AppError('VALIDATION', 'Position out of range', { order: 'Position out of range' });
    const moved = moveItem(rows, from, to);
    await writeOrder(tx, moved);
    await recordAudit(tx, actor, {
      action: 'service.move',
      entity: 'service',
      entityId: id,
      details: { from, to },
    });
    return moved.map((row, index) => toService({ ...row, sortOrder: index }));
  });
}

/** Each of `ids` from the catalogue, in the order given, in one read; NOT_FOUND if one is not. */
export async function requireActiveServices(
  db: Executor,
  ids: readonly string[],
): Promise<ServiceRow[]> {
  const active = new Map((await listActiveServiceRows(db)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = active.get(id);
    if (!row) throw new AppError('NOT_FOUND', 'Service not found.');
    return row;
  });
}

/**
 * First start: adds the built-in services in the given order. A service whose id exists already
 * is left alone, so a restart never overwrites an admin's edits or brings back a removed one.
 */
export async function addBuiltInServices(
  db: Executor,
  builtIn: readonly (Omit<ServiceValues, 'durationMinutes'> & { id: string })[],
): Promise<void> {
  await insertServicesIfAbsent(
    db,
    builtIn.map((service, order) => ({
      ...service,
      durationMinutes: durationMinutesOf(service.duration),
      sortOrder: order,
    })),
  );
}

export interface ServiceInterval {
  intervalMiles: number | null;
  intervalMonths: number | null;
  includesOilChange: boolean;
}

/**
 * The maintenance intervals of the services `ids` name, and whether they change the oil, removed
 * services included.
 */
export async function serviceIntervals(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ServiceInterval>> {
  const rows = await listServiceIntervalRows(db, [...new Set(ids)]);
  return new Map(rows.map(({ id, ...interval }) => [id, interval]));
}
