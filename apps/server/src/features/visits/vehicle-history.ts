// A vehicle's service history, read from the visits it was booked for: each visit with a
// completed service, the services done, the odometer the technician recorded and who did it; and
// from that history when the vehicle's next service is due (packages/shared/src/vehicles/next-due.ts).
// Every read names the vehicles it is for: who may read them is the caller's decision.
import type { VehicleHistoryResponse } from '@pitstop/shared/vehicles/history';
import type { NextDue, OdometerReading, ServiceDone } from '@pitstop/shared/vehicles/next-due';
import {
  nextDuePaceNote,
  nextDueSentence,
  vehicleDueList,
} from '@pitstop/shared/vehicles/next-due';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments, bookings, visitRecords } from '../../db/schema.ts';
import { serviceIntervals } from '../services/service.ts';

export interface VehicleVisit {
  bookingId: string;
  vehicleId: string;
  /** The visit's business-local date. */
  date: string;
  /** The services completed at the visit, in the order they were done. */
  services: { serviceId: string | null; name: string }[];
  odometerMiles: number | null;
  oilUsed: string | null;
  note: string | null;
  /** Who completed the services (the first named technician), or null when unassigned. */
  technician: string | null;
}

/** The visits each of `vehicleIds` had with a completed service, newest first. */
export async function vehicleVisits(
  db: Executor,
  vehicleIds: readonly string[],
): Promise<Map<string, VehicleVisit[]>> {
  const byVehicle = new Map<string, VehicleVisit[]>(vehicleIds.map((id) => [id, []]));
  if (vehicleIds.length === 0) return byVehicle;
  const rows = await db
    .select({
      bookingId: bookings.id,
      vehicleId: bookings.vehicleId,
      date: appointments.appointmentDate,
      serviceId: appointments.serviceId,
      serviceName: appointments.serviceName,
      technician: appointments.technician,
      technicianId: appointments.technicianId,
      odometerMiles: visitRecords.odometerMiles,
      oilUsed: visitRecords.oilUsed,
      note: visitRecords.note,
    })
    .from(bookings)
    .innerJoin(appointments, eq(appointments.bookingId, bookings.id))
    .leftJoin(visitRecords, eq(visitRecords.bookingId, bookings.id))
    .where(
      and(
        inArray(bookings.vehicleId, [...vehicleIds]),
        isNotNull(bookings.vehicleId),
        eq(appointments.status, 'completed'),
      ),
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id), appointments.startsAt);
  const visits = new Map<string, VehicleVisit>();
  for (const row of rows) {
    if (!row.vehicleId) continue;
    let visit = visits.get(row.bookingId);
    if (!visit) {
      visit = {
        bookingId: row.bookingId,
        vehicleId: row.vehicleId,
        date: row.date,
        services: [],
        odometerMiles: row.odometerMiles,
        oilUsed: row.oilUsed,
        note: row.note,
        technician: null,
      };
      visits.set(row.bookingId, visit);
      byVehicle.get(row.vehicleId)?.push(visit);
    }
    visit.services.push({ serviceId: row.serviceId, name: row.serviceName });
    if (visit.technician === null && row.technicianId !== null) visit.technician = row.technician;
  }
  return byVehicle;
}

/** The odometer readings of a vehicle's visits. */
function readingsOf(visits: readonly VehicleVisit[]): OdometerReading[] {
  return visits.flatMap((visit) =>
    visit.odometerMiles === null ? [] : [{ on: visit.date, miles: visit.odometerMiles }],
  );
}

/**
 * What each vehicle is due for, one entry per group of services, soonest first (empty for one with
 * no service that has an interval), from the services' intervals as the catalogue has them now.
 */
export async function dueListsOfVehicles(
  db: Executor,
  history: ReadonlyMap<string, readonly VehicleVisit[]>,
): Promise<Map<string, NextDue[]>> {
  const ids = [...history.values()].flatMap((visits) =>
    visits.flatMap((visit) => visit.services.flatMap((service) => service.serviceId ?? [])),
  );
  const intervals = await serviceIntervals(db, ids);
  const result = new Map<string, NextDue[]>();
  for (const [vehicleId, visits] of history) {
    const done: ServiceDone[] = visits.flatMap((visit) =>
      visit.services.flatMap((service) => {
        const interval = service.serviceId ? intervals.get(service.serviceId) : undefined;
        if (!interval) return [];
        return [
          {
            serviceId: service.serviceId,
            serviceName: service.name,
            includesOilChange: interval.includesOilChange,
            intervalMiles: interval.intervalMiles,
            intervalMonths: interval.intervalMonths,
            on: visit.date,
            miles: visit.odometerMiles,
          },
        ];
      }),
    );
    result.set(vehicleId, vehicleDueList(done, readingsOf(visits)));
  }
  return result;
}

/** When each vehicle's next service is due: the first of its due list, or null. */
export async function nextDueOfVehicles(
  db: Executor,
  history: ReadonlyMap<string, readonly VehicleVisit[]>,
): Promise<Map<string, NextDue | null>> {
  const lists = await dueListsOfVehicles(db, history);
  return new Map([...lists].map(([vehicleId, list]) => [vehicleId, list[0] ?? null]));
}

/** What the garage and staff are answered about one vehicle: its visits and next due service. */
export async function vehicleHistoryAnswer(
  db: Executor,
  vehicleId: string,
): Promise<VehicleHistoryResponse> {
  const history = await vehicleVisits(db, [vehicleId]);
  const due = (await nextDueOfVehicles(db, history)).get(vehicleId) ?? null;
  return {
    visits: (history.get(vehicleId) ?? []).map((visit) => ({
      bookingId: visit.bookingId,
      date: visit.date,
      services: visit.services.map((service) => service.name),
      odometerMiles: visit.odometerMiles,
      technician: visit.technician,
    })),
    nextDue: due && {
      serviceName: due.serviceName,
      dueOn: due.dueOn,
      dueMiles: due.dueMiles,
      sentence: nextDueSentence(due),
      paceNote: nextDuePaceNote(due),
    },
  };
}

/**
 * The vehicles any visit was booked for, after `afterId` in id order: the ones that can have a
 * history, read in batches (bookings_vehicle_idx).
 */
export async function listVehicleIdsWithVisits(
  db: Executor,
  afterId: string | undefined,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ vehicleId: bookings.vehicleId })
    .from(bookings)
    .where(
      afterId === undefined
        ? isNotNull(bookings.vehicleId)
        : and(isNotNull(bookings.vehicleId), gt(bookings.vehicleId, afterId)),
    )
    .orderBy(asc(bookings.vehicleId))
    .limit(limit);
  return rows.flatMap((row) => (row.vehicleId ? [row.vehicleId] : []));
}

/**
 * Of these vehicles, those with a visit ahead: paid and starting after `now`, or a paid order not
 * yet scheduled. An unpaid hold cannot count: a visit is linked to its vehicle only when paid.
 */
export async function vehiclesWithVisitAhead(
  db: Executor,
  vehicleIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (vehicleIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ vehicleId: bookings.vehicleId })
    .from(bookings)
    .where(
      and(
        inArray(bookings.vehicleId, [...vehicleIds]),
        eq(bookings.status, 'paid'),
        or(
          gt(bookings.startsAt, now),
          and(eq(bookings.kind, 'pay_now'), isNull(bookings.startsAt)),
        ),
      ),
    );
  return new Set(rows.flatMap((row) => (row.vehicleId ? [row.vehicleId] : [])));
}

export interface VisitContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  textsConsentAt: Date | null;
}

/** The name, e-mail, phone and consent to texts a customer gave at these visits. */
export async function listVisitContacts(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, VisitContact>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: bookings.id,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      email: bookings.email,
      phone: bookings.phone,
      textsConsentAt: bookings.textsConsentAt,
    })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]));
  return new Map(rows.map((row) => [row.id, row]));
}
