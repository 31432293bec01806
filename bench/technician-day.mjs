// The busy day by technicians' schedules (Business Profile's slot mode 'technicians'): after a
// scale's rows by capacity, with the server stopped, the generated business switches mode and its
// busy day becomes CAPACITY technicians' days: one technician a lane (the generated technicians
// with the most visits in the history, onboarded, each with a home ZIP in Atlanta and the only
// ones working that date), each visit of the day given to the technician of its lane and moved to
// an Atlanta ZIP, so every drive between stops is a real one (bench/driving.mjs's metro ZIPs).
// The business's service areas list no ZIPs, so everyone covers every visit. After the row, the
// business goes back to capacity (the next scale's rows by capacity read the same day: capacity
// ignores who has a visit and where).
import { CAPACITY, TECHNICIAN_PREFIX } from './data.mjs';
import { metroZipCodes } from './driving.mjs';

/** Where the measured request's visit is: downtown Atlanta. */
export const TECHNICIAN_SLOTS_ZIP = '30303';
/** The measured request's service: 30 minutes. */
export const TECHNICIAN_SLOTS_SERVICE = 'battery-service';

const quote = (text) => `'${text.replaceAll("'", "''")}'`;

/**
 * A lane for each visit, as the load laid them out: by start, each visit to the lane that came
 * free last before it starts (so the full lanes stay back to back and the open one keeps its
 * gaps); never more lanes than visits overlap at once.
 */
function lanesOf(visits) {
  const laneEnds = [];
  return visits.map((visit) => {
    let best = -1;
    for (const [lane, endsAt] of laneEnds.entries()) {
      if (endsAt <= visit.startsAt && (best < 0 || endsAt > laneEnds[best])) best = lane;
    }
    if (best < 0) best = laneEnds.push(0) - 1;
    laneEnds[best] = visit.endsAt;
    return best;
  });
}

/** A number from a UUID's first 8 hex digits: a reproducible pick per visit. */
const hashOf = (id) => Number.parseInt(id.replaceAll('-', '').slice(0, 8), 16);

/**
 * Switches the business to slots by technicians' schedules and gives `busyDate`'s visits to
 * technicians (see the head of this file). Returns what it set up.
 * @param {{ execute: (query: string) => Promise<{ rows: any[] }> }} db
 */
export async function giveBusyDayToTechnicians(db, busyDate) {
  const zips = metroZipCodes().map((code) => code.zip);
  // The longest-serving: a technician's day is read through their visits (bookings_technician_idx).
  const { rows: technicians } = await db.execute(`
    select p.id, count(b.id)::int as visits from user_profiles p
    left join bookings b on b.technician_id = p.id
    where p.role = 'technician' and p.onboarding_complete and p.user_id like '${TECHNICIAN_PREFIX}%'
    group by p.id
    order by count(b.id) desc, p.id
    limit ${CAPACITY}`);
  const { rows: visits } = await db.execute(`
    select id, starts_at as "startsAt", ends_at as "endsAt" from bookings
    where kind = 'visit' and status = 'paid' and appointment_date = ${quote(busyDate)}
    order by starts_at, ends_at, id`);
  const lanes = lanesOf(
    visits.map((visit) => ({
      startsAt: new Date(visit.startsAt).getTime(),
      endsAt: new Date(visit.endsAt).getTime(),
    })),
  );
  if (Math.max(...lanes) >= technicians.length) {
    throw new Error(`the busy day needs ${Math.max(...lanes) + 1} technicians`);
  }
  const homes = technicians.map((_, index) => zips[(index * 7) % zips.length]);
  await db.transaction(async (tx) => {
    await tx.execute(`update business_profile set slot_mode = 'technicians' where id = 1`);
    // Every area of the business (none lists a ZIP, so this changes nothing but says it).
    await tx.execute(`
      update user_profiles p set home_zip = h.zip,
        service_area_ids = (select coalesce(array_agg(a->>'id'), '{}') from business_profile b,
                              jsonb_array_elements(b.service_areas) a where b.id = 1)
      from unnest(array[${technicians.map((t) => quote(t.id)).join(',')}]::uuid[],
                  array[${homes.map(quote).join(',')}]::text[]) h(id, zip)
      where p.id = h.id`);
    // A scale before may have given the day to others.
    await tx.execute(`delete from technician_working_days where work_date = ${quote(busyDate)}`);
    await tx.execute(`
      insert into technician_working_days (technician_id, work_date)
      select id, ${quote(busyDate)}::date
      from unnest(array[${technicians.map((t) => quote(t.id)).join(',')}]::uuid[]) id
      on conflict do nothing`);
    await tx.execute(`
      update bookings b set technician_id = v.technician_id, zip_code = v.zip
      from unnest(array[${visits.map((v) => quote(v.id)).join(',')}]::uuid[],
                  array[${lanes.map((lane) => quote(technicians[lane].id)).join(',')}]::uuid[],
                  array[${visits.map((v) => quote(zips[hashOf(v.id) % zips.length])).join(',')}]::text[])
             v(id, technician_id, zip)
      where b.id = v.id`);
  });
  return {
    technicians: technicians.length,
    lanes: Math.max(...lanes) + 1,
    visits: visits.length,
    // Their visits before (and around) the day, which their days are read among.
    historyVisits: technicians.reduce((sum, technician) => sum + technician.visits, 0),
  };
}

/** Back to slots by business capacity. */
export async function backToCapacity(db) {
  await db.execute(`update business_profile set slot_mode = 'capacity' where id = 1`);
}
