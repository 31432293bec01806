// The move row's visits and where they go. Staff move a paid visit not yet begun
// (POST /api/visits/:bookingId/move); each request moves one of the generated customers' upcoming
// visits to a slot of the days after the generated ones, which the server itself offered for the
// longest of them (GET /api/visits/:bookingId/slots). Visits come in turns of their dates and
// targets in turns of the days, so consecutive moves take different dates' locks, and no slot
// gets more than a few of the business's CAPACITY seats: a move never fails for want of room.
import { BUSY_DAY_OFFSET, CUSTOMER_PREFIX, FUTURE_DAYS } from './data.mjs';
import { addDays, BOOKING_HORIZON_DAYS } from './scenarios.mjs';

/** Enough visits that a run seldom moves one twice; a visit moved again goes to another slot. */
const POOL_SIZE = 5000;

/**
 * @typedef {{ id: string, date: string, time: string, minutes: number }} MovableVisit
 * A paid visit whose appointments are all still scheduled, at its current place.
 */

/**
 * Up to POOL_SIZE movable visits of the generated customers after the busy day (the slots row
 * reads that day, and the benchmark's own customer keeps their visits), one of each date in
 * turn.
 * @returns {Promise<MovableVisit[]>}
 */
export async function readMovableVisits(db) {
  const { rows } = await db.execute(`
    with biz as (
      select (now() at time zone time_zone)::date as today from business_profile where id = 1
    )
    select b.id, to_char(b.appointment_date, 'YYYY-MM-DD') as date, b.appointment_time as time,
           b.duration_minutes as minutes
    from bookings b, biz
    where b.kind = 'visit' and b.status = 'paid' and b.appointment_date > biz.today + ${BUSY_DAY_OFFSET}
      and b.user_id like '${CUSTOMER_PREFIX}%'
      and not exists (
        select 1 from appointments a where a.booking_id = b.id and a.status <> 'scheduled')
    order by row_number() over (partition by b.appointment_date order by md5(b.id::text)),
             b.appointment_date
    limit ${POOL_SIZE}`);
  return rows.map((row) => ({ ...row, minutes: Number(row.minutes) }));
}

/**
 * Every slot from the day after the generated ones to the booking horizon where the server says
 * the longest of `visits` fits, slot by slot across the days (each day's first slot, then each
 * day's second, ...).
 */
async function readTargets(url, cookie, today, visits) {
  const longest = visits.reduce((most, visit) => (visit.minutes > most.minutes ? visit : most));
  const days = [];
  for (let offset = FUTURE_DAYS + 2; offset < BOOKING_HORIZON_DAYS; offset += 1) {
    const date = addDays(today, offset);
    const response = await fetch(`${url}/api/visits/${longest.id}/slots?date=${date}`, {
      headers: { cookie },
    });
    if (!response.ok)
      throw new Error(`the slots of a visit on ${date} answered ${response.status}`);
    const { slots } = await response.json();
    days.push(slots.map((time) => ({ date, time })));
  }
  const targets = [];
  const widest = Math.max(0, ...days.map((slots) => slots.length));
  for (let index = 0; index < widest; index += 1) {
    for (const slots of days) if (index < slots.length) targets.push(slots[index]);
  }
  return targets;
}

/**
 * The move row's requests: each call gives the next visit's path and a target it is not at (nor
 * was sent to before, as autocannon builds some requests it never sends).
 * @param {MovableVisit[]} visits
 * @returns {Promise<() => { path: string, body: string }>}
 */
export async function moveRequests({ url, cookie, today, visits }) {
  if (visits.length === 0) throw new Error('the generated history has no visit to move');
  const targets = await readTargets(url, cookie, today, visits);
  const placeOf = ({ date, time }) => `${date} ${time}`;
  const places = visits.map((visit) => new Set([placeOf(visit)]));
  let nextVisit = 0;
  let nextTarget = 0;
  return () => {
    const index = nextVisit++ % visits.length;
    for (let tried = 0; tried < targets.length; tried += 1) {
      const target = targets[nextTarget++ % targets.length];
      if (places[index].has(placeOf(target))) continue;
      places[index].add(placeOf(target));
      return { path: `/api/visits/${visits[index].id}/move`, body: JSON.stringify(target) };
    }
    throw new Error(`no slot left to move visit ${visits[index].id} to`);
  };
}
