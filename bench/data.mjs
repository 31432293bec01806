// Synthetic business history for `npm run bench`, generated inside the database: INSERT ... SELECT
// over generate_series, one statement per 90 days, so a million appointments take a few minutes.
//
// The business (capacity CAPACITY, its own weekly hours) is laid out as CAPACITY lanes a day; a
// lane is a row of visits one after another with random gaps, so no 30-minute slot ever holds
// more than CAPACITY visits (docs/decisions/017). Each candidate visit is kept or left out by a
// day's fill rate. A visit is a paid booking of one to three services from the catalogue (prices
// and minutes read from `services`), its order, and one appointment per service done one after
// another. Past visits are mostly completed by the lane's technician, some cancelled; today's
// follow the clock; future ones are scheduled. A visit given to a technician takes their day
// (bookings.technician_id, as the appointments name them). Customers and technicians are numbered rows whose
// names, contacts and cars come from hashing their number, so a booking computes its customer's
// details without a join. Each visit has its e-mailed reminder in the outbox, due the business's
// reminder lead before it starts: sent (its body dropped) unless the visit was cancelled or the
// reminder's time has not come. Every random choice hashes a row's key: a load is reproducible.
//
// Loads grow the history backwards: the first writes today, the next two weeks (one of them a
// nearly full "busy day") and the most recent past; each later one writes older days until the
// appointment count reaches its target.
import { FIRST_NAMES, LAST_NAMES, STREETS, VEHICLES, COLORS } from './names.mjs';

/** Visits that may overlap: the business profile's capacity (its maximum). */
export const CAPACITY = 50;
/** Days after today that have bookings; later ones stay free for the booking row. */
export const FUTURE_DAYS = 14;
/** Days ahead of the nearly full day the slots row reads. */
export const BUSY_DAY_OFFSET = 2;
/** Lanes of the busy day that keep their gaps: the few slots it still offers. */
const BUSY_DAY_OPEN_LANES = 1;
export const CUSTOMER_PREFIX = 'bench-customer-';
export const TECHNICIAN_PREFIX = 'bench-technician-';
// The visits' cities (as customers type them; the business's service areas list no ZIPs, so every
// technician covers every visit).
const CITIES = [
  'Downtown',
  'Suburbs',
  'Business District',
  'North Side',
  'South Side',
  'West Side',
];

/**
 * The visits' services, with how often each is booked (out of 100). About 1.35 appointments a
 * visit; the longest (143 minutes) still ends before the next day opens.
 */
const COMBOS = [
  [28, ['synthetic-oil-change']],
  [20, ['basic-oil-change']],
  [10, ['high-mileage']],
  [8, ['maintenance']],
  [5, ['battery-service']],
  [8, ['synthetic-oil-change', 'battery-service']],
  [6, ['basic-oil-change', 'battery-service']],
  [5, ['high-mileage', 'battery-service']],
  [5, ['maintenance', 'battery-service']],
  [3, ['synthetic-oil-change', 'battery-service', 'maintenance']],
  [2, ['basic-oil-change', 'battery-service', 'high-mileage']],
];

// ---------------------------------------------------------------- SQL expressions

const quote = (text) => `'${text.replaceAll("'", "''")}'`;
const textArray = (list) => `array[${list.map(quote).join(',')}]`;

/** A number in [0, 1) that depends only on `key` and `salt`: a reproducible random(). */
const rand = (key, salt) =>
  `((hashint8extended((${key})::bigint, ${salt}) & 1099511627775)::float8 / 1099511627776)`;

/** A whole number in [0, n). */
const randInt = (n, key, salt) => `floor(${n} * ${rand(key, salt)})::int`;

/** An item of `list`; with `skew` > 1 the first ones come up more often. */
const pick = (list, key, salt, skew = 1) =>
  `(${textArray(list)})[1 + floor(${list.length} * power(${rand(key, salt)}, ${skew}))::int]`;

/** A version-4-shaped UUID hashed from `text`: the API refuses ids that are not RFC 9562 UUIDs. */
const uuid = (text) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

const digits = (count, key, salt) =>
  `lpad(${randInt(10 ** count, key, salt)}::text, ${count}, '0')`;

const phone = (key, salt) =>
  `'(' || (201 + ${randInt(798, key, salt)}) || ') ' || (200 + ${randInt(799, key, salt + 1)}) || '-' || ${digits(4, key, salt + 2)}`;

/** A person's names by number, common names more often (salts keep people apart). */
const firstName = (n, salt) => pick(FIRST_NAMES, n, salt, 1.4);
const lastName = (n, salt) => pick(LAST_NAMES, n, salt + 1, 1.4);

/** A customer's details, computed from their number `c` wherever they are needed. */
function customer(c) {
  const first = firstName(c, 10);
  const last = lastName(c, 10);
  const vehicle = pick(VEHICLES, c, 20);
  const letter = (salt) => `chr(65 + ${randInt(26, c, salt)})`;
  return {
    userId: `'${CUSTOMER_PREFIX}' || (${c})`,
    first,
    last,
    email: `lower(${first} || '.' || ${last}) || '.' || (${c}) || '@example.com'`,
    phone: phone(c, 30),
    address: `(12 + ${randInt(9980, c, 40)}) || ' ' || ${pick(STREETS, c, 41)}`,
    city: pick(CITIES, c, 42),
    zip: `(10001 + ${randInt(89000, c, 43)})::text`,
    make: `split_part(${vehicle}, '|', 1)`,
    model: `split_part(${vehicle}, '|', 2)`,
    year: `(2006 + ${randInt(19, c, 21)})::text`,
    color: pick(COLORS, c, 22),
    plate: `${letter(23)} || ${letter(24)} || ${letter(25)} || '-' || ${digits(4, c, 26)}`,
  };
}

/**
 * A reminder's body while it waits (the sender drops the body of what it sent or gave up on):
 * about the size of the rendered template, the customer's name, date and address in it.
 */
const reminderText = (r) =>
  `'Hi ' || ${r}.first_name || ', this is a reminder of your visit on ' || ${r}.day || ' at ' ||
   ${r}.at_time || ', ' || ${r}.address || ', ' || ${r}.city || '. Reply to this e-mail or call us ' ||
   'to move or cancel it.'`;
const reminderHtml = (r) =>
  `'<!doctype html><html><body style="font-family:sans-serif">' ||
   repeat('<table role="presentation" width="100%"><tr><td style="padding:16px">', 4) ||
   '<p>' || ${reminderText(r)} || '</p>' || repeat('</td></tr></table>', 4) || '</body></html>'`;
/** A failed reminder's attempts: the sender's maxAttempts. */
const REMINDER_MAX_ATTEMPTS = 8;

const technicianUserId = (t) => `'${TECHNICIAN_PREFIX}' || (${t})`;
const technicianProfileId = (t) => uuid(technicianUserId(t));
const technicianName = (t) => `${firstName(t, 50)} || ' ' || ${lastName(t, 50)}`;

/** The weight table as 100 combo numbers: combo = WEIGHTED[hash % 100]. */
const WEIGHTED = COMBOS.flatMap(([weight], index) => Array(weight).fill(index + 1));

// ---------------------------------------------------------------- statements

/** Business-local today, the zone, and what the history holds so far. */
export async function readState(db) {
  const { rows } = await db.execute(`
    select p.time_zone as "timeZone",
           to_char((now() at time zone p.time_zone)::date, 'YYYY-MM-DD') as today,
           (select count(*)::int from appointments) as appointments,
           (select count(*)::int from auth_user where id like '${CUSTOMER_PREFIX}%') as customers,
           (select count(*)::int from auth_user where id like '${TECHNICIAN_PREFIX}%') as technicians,
           (select count(*)::int from email_outbox where template = 'visit-reminder') as reminders,
           (select min(appointment_date) - (now() at time zone p.time_zone)::date from bookings)
             as "oldestOffset"
    from business_profile p where p.id = 1`);
  const [state] = rows;
  return {
    ...state,
    oldestOffset: state.oldestOffset === null ? null : Number(state.oldestOffset),
  };
}

/** A plausible larger business: CAPACITY visits at once (the catalogue and hours as seeded). */
export async function setCapacity(db) {
  await db.execute(`update business_profile set capacity = ${CAPACITY} where id = 1`);
}

/** Customers numbered [from, from + count): an account and a profile each (no password). */
export async function insertCustomers(db, from, count) {
  const c = customer('c');
  const since = `now() - interval '1 day' * (30 + ${randInt(2000, 'c', 60)})`;
  await db.execute(`
    with people as (
      select c, ${c.userId} as user_id, ${c.first} || ' ' || ${c.last} as name, ${c.email} as email,
             ${c.phone} as phone, ${c.address} || ', ' || ${c.city} || ', ' || ${c.zip} as address,
             ${since} as created_at
      from generate_series(${from}, ${from + count - 1}) c
    ), users as (
      insert into auth_user (id, name, email, email_verified, created_at, updated_at)
      select user_id, name, email, true, created_at, created_at from people
    )
    insert into user_profiles (id, user_id, role, name, phone, address, created_at, updated_at)
    select ${uuid('user_id')}, user_id, 'customer', name, phone, address, created_at, created_at
    from people`);
}

/**
 * Technicians numbered [from, from + count), onboarded. `isCurrent`: today's team (some on duty,
 * with a status log reaching back to yesterday); otherwise former staff, off duty.
 */
export async function insertTechnicians(db, from, count, isCurrent) {
  const status = isCurrent
    ? `case when ${rand('t', 70)} < 0.45 then 'available' when ${rand('t', 70)} < 0.6 then 'on-job' else 'off-duty' end`
    : `'off-duty'`;
  await db.execute(`
    with people as (
      select t, ${technicianUserId('t')} as user_id, ${technicianProfileId('t')} as profile_id,
             ${technicianName('t')} as name, now() - interval '1 day' * (400 + ${randInt(1500, 't', 71)}) as created_at
      from generate_series(${from}, ${from + count - 1}) t
    ), users as (
      insert into auth_user (id, name, email, email_verified, created_at, updated_at)
      select user_id, name, lower(replace(name, ' ', '.')) || '.' || t || '@team.example', true,
             created_at, created_at
      from people
    )
    insert into user_profiles (id, user_id, role, name, phone, address,
      emergency_contact, emergency_phone, onboarding_complete, technician_status, created_at, updated_at)
    select profile_id, user_id, 'technician', name, ${phone('t', 72)}, '',
           ${firstName('t', 76)} || ' ' || ${lastName('t', 50)}, ${phone('t', 78)}, true, ${status},
           created_at, created_at
    from people`);
  if (!isCurrent) return;
  // Yesterday's shift, before the status the trigger logged on insert: the dashboard's
  // "on duty yesterday" reads this log.
  await db.execute(`
    insert into technician_status_changes (profile_id, status, changed_at)
    select ${technicianProfileId('t')}, s.status,
           date_trunc('day', now()) - interval '1 day' + s.at
    from generate_series(${from}, ${from + count - 1}) t,
         (values ('available', interval '7 hours'), ('off-duty', interval '17 hours')) s(status, at)
    where ${rand('t', 79)} < 0.7`);
}

/**
 * Writes the visits of the business-local days today + [fromOffset, toOffset] (newest first),
 * stopping before the appointment count passes `limit`. Customers are drawn from
 * [customers.from, +count), technicians from [technicians.from, +count) by lane (a technician has
 * one lane a day). Returns what it inserted.
 */
export async function insertVisits(db, { fromOffset, toOffset, limit, customers, technicians }) {
  const c = customer('v.customer');
  const technician = `${technicians.from} + ((v.lane + v.dn * 7) % ${technicians.count})`;
  const isAssigned = `v.offset_days <= 1`;
  const { rows } = await db.execute(`
    with biz as (
      select time_zone as tz, (now() at time zone time_zone)::date as today,
             reminder_lead_hours as lead_hours
      from business_profile where id = 1
    ), combo_list(n, ids) as (
      values ${COMBOS.map(([, ids], i) => `(${i + 1}, ${textArray(ids)})`).join(', ')}
    ), combo as (
      select l.n, count(*)::int as services_count, sum(s.price_cents)::int as total,
             sum(s.duration_minutes)::int as minutes,
             jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'priceCents', s.price_cents,
               'durationMinutes', s.duration_minutes) order by u.ord) as services
      from combo_list l
      cross join unnest(l.ids) with ordinality u(id, ord)
      join services s on s.id = u.id
      group by l.n
    ), days as (
      select biz.today + o as day, o as offset_days, (biz.today + o) - date '2000-01-01' as dn,
             h.open_time::time as opens,
             (extract(epoch from h.close_time::time - h.open_time::time) / 1800)::int as slots,
             extract(isodow from biz.today + o) as weekday
      from biz
      cross join generate_series(${fromOffset}, ${toOffset}) o
      join business_hours h on h.weekday = lower(to_char(biz.today + o, 'FMDay')) and h.is_open
    ), candidate as (
      select d.*, lane, i, (d.dn + 100000)::bigint * 2048 + lane * 32 + i as key
      from days d
      cross join generate_series(0, ${CAPACITY - 1}) lane
      cross join generate_series(0, 23) i
      where i < d.slots
    ), sized as (
      select k.*, m.n as combo, m.services_count, m.total, m.minutes, m.services,
             ceil(m.minutes / 30.0)::int as covered,
             case when k.offset_days = ${BUSY_DAY_OFFSET} and k.lane < ${CAPACITY - BUSY_DAY_OPEN_LANES} then 0
                  when ${rand('k.key', 2)} < 0.55 then 0 when ${rand('k.key', 2)} < 0.85 then 1 else 2 end as gap,
             ${rand('k.key', 3)} < case
               when k.offset_days = ${BUSY_DAY_OFFSET} then 1
               when k.offset_days > 0 then 0.65 * (1 - k.offset_days / ${FUTURE_DAYS + 2}.0)
               when k.offset_days = 0 then 0.8
               else 0.7 + case k.weekday when 6 then 0.1 when 7 then -0.1 else 0 end
                        + (${rand('k.dn', 4)} - 0.5) * 0.16
             end as is_kept
      from candidate k
      join combo m on m.n = (array[${WEIGHTED.join(',')}])[1 + ${randInt(100, 'k.key', 1)}]
    ), laid as (
      select s.*, sum(s.covered + s.gap) over lane_order - s.covered as start_slot
      from sized s
      window lane_order as (partition by s.day, s.lane order by s.i)
    ), counted as (
      select l.*, sum(l.services_count) over (order by l.day desc, l.lane, l.i) as running
      from laid l
      where l.is_kept and l.start_slot < l.slots
    ), timed as (
      select k.*, ((k.day + k.opens + interval '30 minutes' * k.start_slot) at time zone biz.tz) as starts_at,
             to_char(k.opens + interval '30 minutes' * k.start_slot, 'HH24:MI') as at_time
      from counted k, biz
      where k.running <= ${limit}
    ), v as (
      select t.*, ${customers.from} + ${randInt(customers.count, 't.key', 5)} as customer,
             t.offset_days < 0 and ${rand('t.key', 6)} < 0.04 as is_cancelled,
             least(t.starts_at - interval '1 day' * floor(21 * power(${rand('t.key', 7)}, 2))
                     - interval '1 minute' * ${randInt(600, 't.key', 8)},
                   now() - interval '1 minute' * (30 + ${randInt(4000, 't.key', 9)})) as created_at
      from timed t
    ), visit as (
      select v.*, ${uuid(`'booking' || v.key`)} as booking_id, 'cs_bench_' || md5('session' || v.key) as session_id,
             ${c.userId} as user_id, ${c.first} as first_name, ${c.last} as last_name,
             ${c.email} as email, ${c.phone} as phone, ${c.address} as address, ${c.city} as city,
             ${c.zip} as zip_code, ${c.make} as vehicle_make, ${c.model} as vehicle_model,
             ${c.year} as vehicle_year, ${c.color} as vehicle_color, ${c.plate} as license_plate,
             case when ${isAssigned} then ${technicianProfileId(technician)} end as technician_id,
             case when ${isAssigned} then ${technicianName(technician)} else 'Unassigned' end as technician
      from v
    ), inserted_bookings as (
      insert into bookings (id, user_id, kind, status, idempotency_key, services, total_cents,
        duration_minutes, appointment_date, appointment_time, starts_at, ends_at, first_name,
        last_name, email, phone, address, city, zip_code, vehicle_make, vehicle_model, vehicle_year,
        vehicle_color, license_plate, description, technician_id, checkout_session_id,
        hold_expires_at, paid_at, created_at, updated_at)
      select v.booking_id, v.user_id, 'visit', case when v.is_cancelled then 'cancelled' else 'paid' end,
             ${uuid(`'key' || v.key`)}, v.services, v.total, v.minutes, v.day, v.at_time, v.starts_at,
             v.starts_at + interval '1 minute' * v.minutes, v.first_name, v.last_name, v.email, v.phone,
             v.address, v.city, v.zip_code, v.vehicle_make, v.vehicle_model, v.vehicle_year,
             v.vehicle_color, v.license_plate, '', v.technician_id,
             v.session_id, v.created_at + interval '32 minutes', v.created_at + interval '3 minutes',
             v.created_at, v.created_at + interval '3 minutes'
      from visit v
      returning 1
    ), inserted_orders as (
      insert into orders (id, booking_id, user_id, checkout_session_id, provider, amount_total,
        currency, payment_status, order_date)
      select ${uuid(`'order' || v.key`)}, v.booking_id, v.user_id, v.session_id, 'local', v.total,
             'usd', 'paid', v.created_at + interval '3 minutes'
      from visit v
      returning 1
    ), service as (
      select v.*, e.svc, e.ord, (e.svc->>'durationMinutes')::int as svc_minutes,
             v.starts_at + interval '1 minute' * (sum((e.svc->>'durationMinutes')::int)
               over (partition by v.key order by e.ord) - (e.svc->>'durationMinutes')::int) as svc_starts_at,
             (v.key * 4 + e.ord) as svc_key
      from visit v
      cross join jsonb_array_elements(v.services) with ordinality e(svc, ord)
    ), worked as (
      select s.*,
             s.is_cancelled or (s.offset_days < 0 and s.ord > 1 and ${rand('s.svc_key', 10)} < 0.05) as is_svc_cancelled,
             s.svc_starts_at + interval '1 minute' * (${randInt(25, 's.svc_key', 11)} - 5) as started_at,
             s.svc_starts_at + interval '1 minute' * (${randInt(25, 's.svc_key', 11)} - 5)
               + interval '1 minute' * s.svc_minutes * (0.8 + 0.5 * ${rand('s.svc_key', 12)}) as completed_at
      from service s
    ), inserted_appointments as (
      insert into appointments (id, booking_id, user_id, customer_name, service_id, service_name,
        appointment_date, appointment_time, starts_at, ends_at, duration_minutes, status,
        technician_id, technician, location, phone, email, vehicle_color, description, price_cents,
        paid, started_at, completed_at, created_at, updated_at)
      select ${uuid(`'appointment' || w.svc_key`)}, w.booking_id, w.user_id,
             w.first_name || ' ' || w.last_name, w.svc->>'id', w.svc->>'name', w.day, w.at_time,
             w.svc_starts_at, w.svc_starts_at + interval '1 minute' * w.svc_minutes, w.svc_minutes,
             x.status, w.technician_id, w.technician,
             w.address || ', ' || w.city || ', ' || w.zip_code, w.phone, w.email, w.vehicle_color, '',
             (w.svc->>'priceCents')::int, true,
             case when x.status in ('completed', 'in-progress') and ${rand('w.svc_key', 13)} < 0.9
                  then w.started_at end,
             case when x.status = 'completed' then w.completed_at end,
             w.created_at + interval '3 minutes',
             greatest(w.created_at + interval '3 minutes', least(w.completed_at, now()))
      from worked w
      cross join lateral (
        select case when w.is_svc_cancelled then 'cancelled'
                    when w.technician_id is null then 'scheduled'
                    when w.completed_at < now() then 'completed'
                    when w.started_at < now() then 'in-progress'
                    else 'scheduled' end as status
      ) x
      returning 1
    ), reminder as (
      select v.*, v.starts_at - interval '1 hour' * biz.lead_hours as due_at,
             case when v.is_cancelled then 'withdrawn'
                  when v.starts_at - interval '1 hour' * biz.lead_hours > now() then 'pending'
                  when ${rand('v.key', 14)} < 0.003 then 'failed'
                  else 'sent' end as reminder_status
      from visit v, biz
    ), inserted_reminders as (
      insert into email_outbox (template, channel, to_address, subject, html, text, booking_id,
        status, attempts, next_attempt_at, last_error, sent_at, created_at)
      select 'visit-reminder', 'email', r.email,
             'Reminder: your visit on ' || to_char(r.day, 'FMMonth FMDD') || ' at ' || r.at_time,
             case when r.reminder_status = 'pending' then ${reminderHtml('r')} else '' end,
             case when r.reminder_status = 'pending' then ${reminderText('r')} else '' end,
             r.booking_id, r.reminder_status,
             case r.reminder_status when 'sent' then 1 when 'failed' then ${REMINDER_MAX_ATTEMPTS} else 0 end,
             r.due_at,
             case when r.reminder_status = 'failed' then '550 5.1.1 mailbox unavailable' end,
             case when r.reminder_status = 'sent'
                  then r.due_at + interval '1 second' * (1 + ${randInt(60, 'r.key', 15)}) end,
             r.created_at + interval '3 minutes'
      from reminder r
      returning 1
    )
    select (select count(*)::int from inserted_bookings) as bookings,
           (select count(*)::int from inserted_appointments) as appointments,
           (select count(*)::int from inserted_orders) as orders,
           (select count(*)::int from inserted_reminders) as reminders`);
  return rows[0];
}

/**
 * Gives `count` of the generated visits (most in the past, three upcoming) to the signed-in
 * customer of the benchmark, so their own appointments page and a search on their name find them.
 */
export async function adoptVisits(db, { userId, firstName, lastName, email }, count) {
  const values = `${quote(userId)}, ${quote(firstName)}, ${quote(lastName)}, ${quote(email)}`;
  await db.execute(`
    with one_a_day as (
      select distinct on (appointment_date) id, appointment_date, starts_at from bookings
      order by appointment_date, md5(id::text)
    ), picked as (
      (select id from one_a_day where starts_at < now() order by md5(id::text) limit ${count - 3})
      union all
      (select id from one_a_day where starts_at > now() + interval '3 days'
         order by md5(id::text) limit 3)
    ), who(user_id, first_name, last_name, email) as (values (${values})),
    b as (
      update bookings set user_id = who.user_id, first_name = who.first_name,
        last_name = who.last_name, email = who.email
      from who where bookings.id in (select id from picked)
    ), o as (
      update orders set user_id = who.user_id from who where orders.booking_id in (select id from picked)
    ), r as (
      update email_outbox set to_address = who.email
      from who where email_outbox.booking_id in (select id from picked)
    )
    update appointments set user_id = who.user_id,
      customer_name = who.first_name || ' ' || who.last_name, email = who.email
    from who where appointments.booking_id in (select id from picked)`);
}
