// The database schema. Auth tables follow better-auth's model; everything the product adds hangs
// off auth_user.id. Every table has one owner, named above it: only that feature's repository.ts
// queries it, and other code calls the owner's service.ts (docs/decisions/011-table-ownership.md).
import { LATE_CANCELLATION_VALUES } from '@pitstop/shared/business/cancellation-policy';
import type { ServiceArea } from '@pitstop/shared/business/service-areas';
import { SLOT_MODES } from '@pitstop/shared/business/slot-mode';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const ROLE_VALUES = ['customer', 'technician', 'manager', 'admin', 'super_admin'] as const;
export const APPOINTMENT_STATUS_VALUES = [
  'scheduled',
  'in-progress',
  'completed',
  'cancelled',
] as const;
export const TECHNICIAN_STATUS_VALUES = ['available', 'on-job', 'off-duty'] as const;
export const BOOKING_STATUS_VALUES = ['pending_payment', 'paid', 'expired', 'cancelled'] as const;
/** A visit books a date and time; a pay-now order is paid first and scheduled by the team. */
export const BOOKING_KIND_VALUES = ['visit', 'pay_now'] as const;
export const PAYMENT_PROVIDER_VALUES = ['local', 'stripe'] as const;
/** Stripe's Checkout Session payment_status values, which the local gateway also uses. */
export const PAYMENT_STATUS_VALUES = ['paid', 'unpaid', 'no_payment_required'] as const;
export const REFUND_STATUS_VALUES = ['succeeded', 'pending', 'failed'] as const;
export const BALANCE_PAYMENT_STATUS_VALUES = ['pending', 'paid', 'expired'] as const;
/** A message's life: queued, being handed over, handed over, given up, or withdrawn unsent. */
export const OUTBOX_STATUS_VALUES = ['pending', 'sending', 'sent', 'failed', 'withdrawn'] as const;
export const MESSAGE_CHANNEL_VALUES = ['email', 'sms'] as const;
export const WEEKDAY_VALUES = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
const HHMM = `'^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

// ---------------------------------------------------------------- auth (better-auth's model)
// Owner of the five auth_* tables: users (an account is these rows plus its profile). better-auth
// writes them through the adapter configured in lib/auth.ts; our own queries are in
// features/users/auth-repository.ts.

export const authUsers = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // Set by better-auth's two-factor plugin once the user has proved their authenticator works.
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_account_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

/**
 * An account's second factor (better-auth's two-factor plugin): the TOTP secret (encrypted with
 * the session secret), the recovery codes (each a SHA-256 hash, removed when used) and the
 * plugin's count of failed codes.
 */
export const authTwoFactors = pgTable(
  'auth_two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_two_factor_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- people

/**
 * Owner: lib/rate-limit-store.ts. The route limits' counts (sign-in, sign-up, password reset,
 * setup, invitations), one row per address and route, shared by every server instance.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Owner: users. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLE_VALUES }).notNull().default('customer'),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    photo: text('photo'),
    /** When the photo last changed: its address's version, so other edits keep it cached. */
    photoUpdatedAt: timestamp('photo_updated_at', { withTimezone: true }),
    // A technician's home base (where their day starts and ends) and the business's service
    // areas they cover, by id (packages/shared/src/business/service-areas.ts).
    homeZip: text('home_zip'),
    serviceAreaIds: text('service_area_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emergencyContact: text('emergency_contact'),
    emergencyPhone: text('emergency_phone'),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    /**
     * When the owner last chose the account's password through the app (an invitation's link,
     * onboarding); null while it is one they were given (an invitation's unguessable one, or one
     * an admin typed). Onboarding offers to keep a password only once one was chosen.
     */
    passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
    technicianStatus: text('technician_status', { enum: TECHNICIAN_STATUS_VALUES })
      .notNull()
      .default('available'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_profiles_role_idx').on(t.role, t.createdAt),
    check('user_profiles_role_check', inList('role', ROLE_VALUES)),
    check(
      'user_profiles_technician_status_check',
      inList('technician_status', TECHNICIAN_STATUS_VALUES),
    ),
    check('user_profiles_photo_size_check', sql`photo is null or length(photo) <= 3000000`),
    // A photo always has its version, and only a photo: the version is how readers know of it.
    check('user_profiles_photo_version_check', sql`(photo is null) = (photo_updated_at is null)`),
    check('user_profiles_home_zip_check', sql`home_zip is null or home_zip ~ '^[0-9]{5}$'`),
  ],
);

/**
 * Owner: users. Every technician status a profile took and when (written by a trigger on
 * `user_profiles`, so no path can forget it): who was on duty yesterday, for the dashboard.
 */
export const technicianStatusChanges = pgTable(
  'technician_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => userProfiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TECHNICIAN_STATUS_VALUES }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('technician_status_changes_profile_idx').on(t.profileId, t.changedAt),
    index('technician_status_changes_changed_idx').on(t.changedAt),
    check('technician_status_changes_status_check', inList('status', TECHNICIAN_STATUS_VALUES)),
  ],
);

/** Owner: technicians. */
export const technicianWorkingDays = pgTable(
  'technician_working_days',
  {
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => userProfiles.id, { onDelete: 'cascade' }),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.technicianId, t.workDate] }),
    index('technician_working_days_date_idx').on(t.workDate),
  ],
);

/** Owner: vehicles. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    color: text('color').notNull(),
    /** Upper case, as the garage stores it. */
    licensePlate: text('license_plate').notNull(),
    /** The 17-character VIN, upper case, when the customer gave it. */
    vin: text('vin'),
    // The owner asked for no more maintenance reminders about this vehicle (the e-mail's link or
    // My Garage); null while they come.
    remindersOffAt: timestamp('reminders_off_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vehicles_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('vehicles_user_vin_idx')
      .on(t.userId, t.vin)
      .where(sql`${t.vin} is not null`),
    check('vehicles_vin_check', sql.raw(`vin ~ '^[A-HJ-NPR-Z0-9]{17}$'`)),
    // One car once per garage: "abc-123", "ABC 123" and "ABC123" are the same plate.
    uniqueIndex('vehicles_user_plate_idx').on(
      t.userId,
      sql`regexp_replace(upper(${t.licensePlate}), '[^A-Z0-9]', '', 'g')`,
    ),
    check('vehicles_year_check', sql`year between 1900 and 2100`),
  ],
);

/**
 * Owner: vehicles. One maintenance reminder per vehicle and due date: the pass that queues it
 * (features/vehicles/maintenance-reminders.ts) inserts here first, so a due date is announced once
 * however often or on how many instances the pass runs.
 */
export const maintenanceReminders = pgTable(
  'maintenance_reminders',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    serviceId: text('service_id'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.dueOn] })],
);

// ---------------------------------------------------------------- business

/**
 * Owner: business. A single row (id = 1): the business's name, contacts, time zone and booking
 * capacity.
 */
export const businessProfile = pgTable(
  'business_profile',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    capacity: integer('capacity').notNull().default(2),
    // Staff (managers, admins, the super admin) must sign in with a second factor.
    requireStaffTwoFactor: boolean('require_staff_two_factor').notNull().default(false),
    // Customers changing their own visits: allowed online until the cut-off (hours before the
    // visit); a cancellation after it costs nothing back, a fixed fee or a percentage.
    rescheduleOnline: boolean('reschedule_online').notNull().default(true),
    rescheduleCutoffHours: integer('reschedule_cutoff_hours').notNull().default(24),
    cancelOnline: boolean('cancel_online').notNull().default(true),
    cancelCutoffHours: integer('cancel_cutoff_hours').notNull().default(24),
    lateCancellation: text('late_cancellation', { enum: LATE_CANCELLATION_VALUES })
      .notNull()
      .default('no-refund'),
    lateFeeCents: integer('late_fee_cents').notNull().default(0),
    lateFeePercent: integer('late_fee_percent').notNull().default(0),
    // Hours before a visit its reminder goes out; 0 sends none.
    reminderLeadHours: integer('reminder_lead_hours').notNull().default(24),
    // Days before a vehicle's next service is due its maintenance reminder goes out; 0 sends none.
    maintenanceReminderDays: integer('maintenance_reminder_days').notNull().default(14),
    // Where the business works, in the order Business Profile lists them (each a name and its
    // ZIP codes or prefixes); a booking's ZIP must be in one once any lists a ZIP.
    serviceAreas: jsonb('service_areas').$type<ServiceArea[]>().notNull().default([]),
    // Drive time between two visits: the straight line between their ZIPs' centres times the road
    // factor (in hundredths: 130 is 1.3), at the average speed, rounded up to 5 minutes and
    // never under the minimum (packages/shared/src/scheduling/drive-time.ts).
    // How slots are offered: while fewer than `capacity` visits overlap ('capacity'), or only
    // where some working technician covering the visit's area has room for it and the drives
    // around it ('technicians'; features/visits/technician-fit.ts).
    slotMode: text('slot_mode', { enum: SLOT_MODES }).notNull().default('capacity'),
    roadFactorPercent: integer('road_factor_percent').notNull().default(130),
    averageSpeedMph: integer('average_speed_mph').notNull().default(25),
    minTravelMinutes: integer('min_travel_minutes').notNull().default(10),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_profile_singleton', sql`${t.id} = 1`),
    check('business_profile_capacity_check', sql`${t.capacity} between 1 and 50`),
    check(
      'business_profile_cutoffs_check',
      sql`${t.rescheduleCutoffHours} between 0 and 720 and ${t.cancelCutoffHours} between 0 and 720`,
    ),
    check(
      'business_profile_late_cancellation_check',
      inList('late_cancellation', LATE_CANCELLATION_VALUES),
    ),
    check('business_profile_late_fee_cents_check', sql`${t.lateFeeCents} between 0 and 1000000`),
    check('business_profile_late_fee_percent_check', sql`${t.lateFeePercent} between 0 and 100`),
    check('business_profile_reminder_lead_check', sql`${t.reminderLeadHours} between 0 and 168`),
    check('business_profile_slot_mode_check', inList('slot_mode', SLOT_MODES)),
    check('business_profile_road_factor_check', sql`${t.roadFactorPercent} between 100 and 300`),
    check('business_profile_average_speed_check', sql`${t.averageSpeedMph} between 5 and 75`),
    check('business_profile_min_travel_check', sql`${t.minTravelMinutes} between 0 and 120`),
    check(
      'business_profile_maintenance_days_check',
      sql`${t.maintenanceReminderDays} between 0 and 90`,
    ),
  ],
);

/** Owner: business. */
export const businessHours = pgTable(
  'business_hours',
  {
    weekday: text('weekday', { enum: WEEKDAY_VALUES }).primaryKey(),
    isOpen: boolean('is_open').notNull(),
    openTime: text('open_time').notNull(),
    closeTime: text('close_time').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_hours_weekday_check', inList('weekday', WEEKDAY_VALUES)),
    check('business_hours_open_format', sql.raw(`open_time ~ ${HHMM}`)),
    check('business_hours_close_format', sql.raw(`close_time ~ ${HHMM}`)),
    check('business_hours_order', sql`not ${t.isOpen} or ${t.closeTime} > ${t.openTime}`),
  ],
);

/** Owner: services (the catalogue). */
export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    duration: text('duration').notNull(),
    // Derived from `duration` once, when the service is saved (ranges averaged, unknown 45).
    durationMinutes: integer('duration_minutes').notNull().default(45),
    includes: jsonb('includes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sortOrder: integer('sort_order').notNull(),
    // The maintenance interval: the service is due again after this many miles or months,
    // whichever comes first (either may be absent; neither means it is never due again).
    intervalMiles: integer('interval_miles'),
    intervalMonths: integer('interval_months'),
    // The service changes the engine oil (whatever it is called): any such service resets the
    // oil change's interval, and reminders call it an oil change.
    includesOilChange: boolean('includes_oil_change').notNull().default(false),
    // Soft delete: appointments and bookings keep pointing at a removed service.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('services_price_check', sql`${t.priceCents} >= 0`),
    check('services_sort_order_check', sql`${t.sortOrder} >= 0`),
    check(
      'services_interval_check',
      sql`(${t.intervalMiles} is null or ${t.intervalMiles} between 100 and 100000) and (${t.intervalMonths} is null or ${t.intervalMonths} between 1 and 60)`,
    ),
    check('services_duration_minutes_check', sql`${t.durationMinutes} between 1 and 1440`),
    check('services_id_check', sql.raw(`id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)),
    check(
      'services_icon_check',
      inList('icon', ['Droplets', 'Filter', 'Gauge', 'Battery', 'Wrench']),
    ),
    index('services_order_idx').on(t.sortOrder),
  ],
);

// ---------------------------------------------------------------- booking and payment

export interface BookedService {
  id: string;
  name: string;
  priceCents: number;
  durationMinutes: number;
}

/**
 * Owner: booking. A customer's booking: holds its slot while checkout is open, becomes
 * appointments once paid. A visit stores its moment as starts_at/ends_at, computed in the
 * business time zone when booked, beside the local date and time people see
 * (docs/decisions/017-booking-data-model.md). A pay-now order has no moment, vehicle or address
 * until the team schedules it.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: BOOKING_KIND_VALUES }).notNull().default('visit'),
    status: text('status', { enum: BOOKING_STATUS_VALUES }).notNull().default('pending_payment'),
    // Made once per form submission by the browser: a retry or double click finds this booking.
    idempotencyKey: uuid('idempotency_key').notNull(),
    services: jsonb('services').$type<BookedService[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }),
    appointmentTime: text('appointment_time'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address'),
    city: text('city'),
    zipCode: text('zip_code'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    vehicleYear: text('vehicle_year'),
    vehicleColor: text('vehicle_color'),
    licensePlate: text('license_plate'),
    vehicleVin: text('vehicle_vin'),
    // The garage vehicle the visit was for (chosen, or saved from the form's fields for a signed-in
    // customer); null for a guest's visit or once the vehicle was removed from the garage.
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    // The technician whose day the visit takes: reserved with the hold when slots follow
    // technicians' schedules, given its jobs at fulfilment, and kept with the visit's jobs by
    // staff's assignment; null while no one is (and always under capacity).
    technicianId: uuid('technician_id').references(() => userProfiles.id, {
      onDelete: 'set null',
    }),
    description: text('description'),
    checkoutSessionId: text('checkout_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    // Paid after its hold had lapsed and the slot had filled meanwhile: the admin reschedules.
    overCapacity: boolean('over_capacity').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // The address the booking request came from (as TRUST_PROXY decides): unpaid holds are
    // limited per address across accounts. Null for bookings made before it was recorded.
    clientAddress: text('client_address'),
    // The visit's calendar file version (RFC 5545 SEQUENCE): raised each time the visit moves, so
    // a calendar that imported the earlier file replaces it (same UID) instead of keeping both.
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    // The technician said they were on the way (when, and the arrival they gave); a later
    // "Running late" replaces the estimate.
    // When the customer agreed to texts about this visit ("Text me about this visit" at booking,
    // or later on /profile); null while they have not, or since they switched them off.
    textsConsentAt: timestamp('texts_consent_at', { withTimezone: true }),
    enRouteAt: timestamp('en_route_at', { withTimezone: true }),
    arrivalEstimateAt: timestamp('arrival_estimate_at', { withTimezone: true }),
    // The short number people quote (PS-10042, packages/shared/src/booking/order-number.ts): the
    // next of a sequence, so numbers only grow; a hold that lapses unpaid keeps its number unused.
    orderNumber: integer('order_number')
      .notNull()
      .generatedByDefaultAsIdentity({ startWith: 10001 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_status_check', inList('status', BOOKING_STATUS_VALUES)),
    check('bookings_kind_check', inList('kind', BOOKING_KIND_VALUES)),
    check('bookings_total_check', sql`${t.totalCents} > 0`),
    check('bookings_duration_check', sql`${t.durationMinutes} > 0`),
    check('bookings_time_format', sql.raw(`appointment_time ~ ${HHMM}`)),
    check(
      'bookings_visit_complete',
      sql.raw(
        `kind = 'pay_now' or (appointment_date is not null and appointment_time is not null and starts_at is not null and ends_at is not null and address is not null and city is not null and zip_code is not null and vehicle_make is not null and vehicle_model is not null and vehicle_year is not null and vehicle_color is not null and license_plate is not null)`,
      ),
    ),
    check('bookings_moment_order', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('bookings_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    // The staff's search finds a visit by the number the customer quotes.
    uniqueIndex('bookings_order_number_idx').on(t.orderNumber),
    index('bookings_starts_status_idx').on(t.startsAt, t.status),
    // The visits overlapping a span (a day's slots, a capacity check): a range index finds them
    // without walking every earlier booking, as a b-tree on starts_at alone would.
    index('bookings_visit_span_idx')
      .using('gist', sql`tstzrange(${t.startsAt}, ${t.endsAt})`)
      .where(sql`${t.kind} = 'visit'`),
    index('bookings_date_status_idx').on(t.appointmentDate, t.status),
    index('bookings_user_idx').on(t.userId),
    // A technician's visits on a day (slots by technicians' schedules).
    index('bookings_technician_idx')
      .on(t.technicianId, t.startsAt)
      .where(sql`${t.technicianId} is not null`),
    index('bookings_vehicle_idx')
      .on(t.vehicleId, t.startsAt)
      .where(sql`${t.vehicleId} is not null`),
    // The sweep that releases expired holds.
    index('bookings_status_hold_idx').on(t.status, t.holdExpiresAt),
    // The unpaid holds one client address has at once.
    index('bookings_pending_address_idx')
      .on(t.clientAddress, t.holdExpiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
  ],
);

/** Owner: booking. Every change of a booking's status, as appointments record theirs. */
export const bookingStatusHistory = pgTable(
  'booking_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_status_history_booking_idx').on(t.bookingId, t.changedAt),
    check(
      'booking_status_history_from_check',
      sql`from_status is null or ${inList('from_status', BOOKING_STATUS_VALUES)}`,
    ),
    check('booking_status_history_to_check', inList('to_status', BOOKING_STATUS_VALUES)),
  ],
);

/** Owner: appointments. */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    serviceId: text('service_id').references(() => services.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    appointmentTime: text('appointment_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(45),
    status: text('status', { enum: APPOINTMENT_STATUS_VALUES }).notNull().default('scheduled'),
    technicianId: uuid('technician_id').references(() => userProfiles.id, { onDelete: 'set null' }),
    technician: text('technician').notNull().default('Unassigned'),
    location: text('location').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    vehicleColor: text('vehicle_color'),
    description: text('description'),
    /** What the service costs. A service added on site is unpaid until the customer pays it. */
    priceCents: integer('price_cents').notNull().default(0),
    paid: boolean('paid').notNull().default(true),
    /** Copied from its booking when paid late into a full slot: the team reschedules. */
    overCapacity: boolean('over_capacity').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('appointments_status_check', inList('status', APPOINTMENT_STATUS_VALUES)),
    check('appointments_time_format', sql.raw(`appointment_time ~ ${HHMM}`)),
    check('appointments_duration_check', sql`${t.durationMinutes} > 0`),
    check('appointments_price_check', sql`${t.priceCents} >= 0`),
    index('appointments_date_time_idx').on(t.appointmentDate, t.appointmentTime),
    index('appointments_user_idx').on(t.userId, t.appointmentDate),
    index('appointments_technician_idx').on(t.technicianId, t.appointmentDate),
    index('appointments_status_idx').on(t.status, t.completedAt),
    // One appointment per booked service, however often fulfilment runs.
    uniqueIndex('appointments_booking_service_idx').on(t.bookingId, t.serviceId),
    index('appointments_starts_idx').on(t.startsAt),
    // The staff's list sorted by customer (name, then newest first, the id breaking ties): read
    // in order, a page stops after its rows instead of sorting every match. NULLS FIRST is what
    // ORDER BY … DESC means: an index ordered otherwise would not serve it.
    index('appointments_customer_idx').on(t.customerName, t.startsAt.desc().nullsFirst(), t.id),
    // The few visits with a balance due (services added on site), found without a scan.
    index('appointments_unpaid_idx')
      .on(t.startsAt)
      .where(sql`${t.paid} = false`),
    // The staff's search: the service names appointment_search_terms matched (the customer's
    // are found by appointments_customer_idx).
    index('appointments_service_name_idx').on(t.serviceName),
    // The few visits flagged over capacity, found without a scan.
    index('appointments_over_capacity_idx')
      .on(t.startsAt)
      .where(sql`${t.overCapacity} = true`),
    // Completions newest first (latest lists, service times by period).
    index('appointments_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/**
 * Owner: appointments. Every customer and service name an appointment has carried, once each,
 * kept by a trigger (migration 0009) whoever writes: the staff's search matches its text here,
 * among distinct names, then finds the appointments by name. Matching on the appointments
 * themselves went through trigram lists as long as the history (docs/performance.md).
 */
export const appointmentSearchTerms = pgTable(
  'appointment_search_terms',
  { term: text('term').primaryKey() },
  (t) => [index('appointment_search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
);

/** Owner: appointments. */
export const appointmentStatusHistory = pgTable(
  'appointment_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_status_history_appointment_idx').on(t.appointmentId, t.changedAt),
    check(
      'appointment_status_history_from_check',
      sql`from_status is null or ${inList('from_status', APPOINTMENT_STATUS_VALUES)}`,
    ),
    check('appointment_status_history_to_check', inList('to_status', APPOINTMENT_STATUS_VALUES)),
  ],
);

/** Owner: payments. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    provider: text('provider', { enum: PAYMENT_PROVIDER_VALUES }).notNull(),
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUS_VALUES }).notNull(),
    /** The provider's payment (Stripe's PaymentIntent) once known: refunds name it. */
    providerPaymentId: text('provider_payment_id').unique(),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_amount_check', sql`${t.amountTotal} >= 0`),
    check('orders_provider_check', inList('provider', PAYMENT_PROVIDER_VALUES)),
    check('orders_payment_status_check', inList('payment_status', PAYMENT_STATUS_VALUES)),
    index('orders_user_idx').on(t.userId),
    // Revenue over a range of days.
    index('orders_date_idx').on(t.orderDate),
  ],
);

/**
 * Owner: payments. Money given back on an order: through this product (a cancellation; its
 * idempotency key names what it is for, so a refund asked twice is made once) or found at the
 * provider (a refund made in Stripe's dashboard, told by `charge.refunded`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDER_VALUES }).notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUS_VALUES }).notNull(),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_provider_check', inList('provider', PAYMENT_PROVIDER_VALUES)),
    check('refunds_status_check', inList('status', REFUND_STATUS_VALUES)),
    uniqueIndex('refunds_provider_refund_idx').on(t.provider, t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    // Refunds over a range of days (revenue net of refunds).
    index('refunds_created_idx').on(t.createdAt),
  ],
);

/**
 * Owner: payments. A visit's balance (services added on site) paid through the same gateway as
 * the booking: one row per hosted checkout, naming the appointments it pays. At most one is
 * pending per visit, so a second tap reuses it; one superseded (more services added, its page
 * too old) is ended at the provider first and becomes expired.
 */
export const balancePayments = pgTable(
  'balance_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    /** The unpaid appointments it pays, and their names and prices as the customer saw them. */
    appointmentIds: jsonb('appointment_ids').$type<string[]>().notNull(),
    lineItems: jsonb('line_items').$type<{ name: string; amountCents: number }[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider', { enum: PAYMENT_PROVIDER_VALUES }).notNull(),
    /** The hosted checkout, once the provider made it, and where to pay it. */
    checkoutSessionId: text('checkout_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    /** When the hosted page stops taking payment (kept: a retry must ask the provider the same). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: BALANCE_PAYMENT_STATUS_VALUES }).notNull().default('pending'),
    providerPaymentId: text('provider_payment_id').unique(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('balance_payments_amount_check', sql`${t.amountCents} > 0`),
    check('balance_payments_provider_check', inList('provider', PAYMENT_PROVIDER_VALUES)),
    check('balance_payments_status_check', inList('status', BALANCE_PAYMENT_STATUS_VALUES)),
    index('balance_payments_booking_idx').on(t.bookingId),
    // One checkout at a time per visit: two taps on Pay balance open one.
    uniqueIndex('balance_payments_pending_idx')
      .on(t.bookingId)
      .where(sql`${t.status} = 'pending'`),
    // Revenue over a range of days.
    index('balance_payments_paid_idx').on(t.paidAt),
  ],
);

/**
 * Owner: payments. Provider events already handled, so a webhook delivered twice is applied once.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.providerEventId),
    check('payment_events_provider_check', inList('provider', PAYMENT_PROVIDER_VALUES)),
  ],
);

/** Owner: payments. Checkout sessions of the built-in local gateway (used without Stripe). */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: text('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Set for a visit's balance (balance_payments); null for the booking's own checkout. */
    balancePaymentId: uuid('balance_payment_id').references(() => balancePayments.id, {
      onDelete: 'cascade',
    }),
    lineItems: jsonb('line_items').$type<{ name: string; amountCents: number }[]>().notNull(),
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull().default('usd'),
    customerEmail: text('customer_email'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('local_checkout_status_check', inList('status', ['open', 'complete', 'expired'])),
    check('local_checkout_amount_check', sql`${t.amountTotal} >= 0`),
    // One session per booking, and one per balance payment: creating it again (a retried
    // request) finds this one.
    uniqueIndex('local_checkout_sessions_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.balancePaymentId} is null`),
    uniqueIndex('local_checkout_sessions_balance_idx').on(t.balancePaymentId),
  ],
);

/**
 * Owner: payments. Refunds of the local checkout, kept as a provider keeps them: one per
 * idempotency key, never more in all than the session took.
 */
export const localCheckoutRefunds = pgTable(
  'local_checkout_refunds',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => localCheckoutSessions.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('local_checkout_refunds_amount_check', sql`${t.amountCents} > 0`),
    index('local_checkout_refunds_session_idx').on(t.sessionId),
  ],
);

/**
 * Owner: setup. First-admin setup claim (id = 1). Inserting it is the atomic "I am setting up"
 * step, so two setups racing on an empty database produce exactly one super admin.
 */
export const appSetup = pgTable(
  'app_setup',
  {
    id: smallint('id').primaryKey().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [check('app_setup_singleton', sql`${t.id} = 1`)],
);

/**
 * Owner: setup. The one current first-admin setup code (id = 1) of a server others can reach:
 * kept here, not in a process's memory, so every instance prints and accepts the same one
 * (docs/decisions/015). Made while setup is open, deleted when setup completes.
 */
export const setupCode = pgTable(
  'setup_code',
  {
    id: smallint('id').primaryKey().default(1),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('setup_code_singleton', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- e-mail and audit

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string; // utf-8 text (calendar files) — binary attachments are not needed
}

/**
 * Owner: notifications. Every message the product sends, one row each: e-mail, and text messages
 * (`channel` 'sms', `to_address` an E.164 number, no subject or html). The table keeps its first
 * name; it is the outbox of every channel. `not before` is `next_attempt_at`: a reminder is queued
 * when its visit is booked and waits there. Rows about a visit name it (`booking_id`), so a move
 * or a cancellation withdraws what has not gone yet, and staff read a visit's messages.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: MESSAGE_CHANNEL_VALUES }).notNull().default('email'),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments')
      .$type<OutboxAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    // A text's e-mail twin, queued if the text cannot be delivered (withdrawn, like the text).
    fallback: jsonb('fallback').$type<OutboxFallback>(),
    status: text('status', { enum: OUTBOX_STATUS_VALUES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    // The provider's id for what it accepted (Twilio's message SID, the SMTP Message-ID).
    providerId: text('provider_id'),
    // What the provider reported later (Twilio's status callback): delivered, undelivered, failed.
    deliveryStatus: text('delivery_status'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', inList('status', OUTBOX_STATUS_VALUES)),
    check('email_outbox_channel_check', inList('channel', MESSAGE_CHANNEL_VALUES)),
    check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_booking_idx')
      .on(t.bookingId, t.createdAt)
      .where(sql`${t.bookingId} is not null`),
    uniqueIndex('email_outbox_provider_idx')
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
    // At most one reminder of each channel waits for a visit: a move withdraws the old first.
    uniqueIndex('email_outbox_one_reminder_idx')
      .on(t.bookingId, t.template, t.channel)
      .where(sql`${t.status} = 'pending' and ${t.template} = 'visit-reminder'`),
  ],
);

/** A text's e-mail twin (see emailOutbox.fallback). */
export interface OutboxFallback {
  template: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Owner: notifications. Phone numbers (E.164) that replied STOP: no text goes to them until they
 * reply START, whatever an account's consent says (the carrier would refuse it anyway).
 */
export const textOptOuts = pgTable('text_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Owner: ratings. One per completed visit: made when it is completed, with the hash of the
 * one-time link's token sent to the customer; the stars and comment once they answer.
 */
export const visitRatings = pgTable(
  'visit_ratings',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    technicianId: text('technician_id').references(() => authUsers.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    stars: smallint('stars'),
    comment: text('comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    // Staff marked a low rating as followed up: it leaves the dashboard's list.
    followedUpAt: timestamp('followed_up_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('visit_ratings_stars_check', sql`${t.stars} is null or ${t.stars} between 1 and 5`),
    check('visit_ratings_answered_check', sql`(${t.stars} is null) = (${t.ratedAt} is null)`),
    check('visit_ratings_comment_check', sql`${t.comment} is null or length(${t.comment}) <= 1000`),
    index('visit_ratings_technician_idx')
      .on(t.technicianId)
      .where(sql`${t.ratedAt} is not null`),
    index('visit_ratings_low_idx')
      .on(t.ratedAt)
      .where(sql`${t.stars} <= 2 and ${t.followedUpAt} is null`),
  ],
);

/**
 * Owner: visits. What the technician recorded when completing a visit's job: the odometer (and
 * the oil used, a note). One per visit; a later job of the same visit replaces it. The vehicle's
 * service history and next due date are read from these with the visit's vehicle.
 */
export const visitRecords = pgTable(
  'visit_records',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    odometerMiles: integer('odometer_miles').notNull(),
    oilUsed: text('oil_used'),
    note: text('note'),
    recordedBy: uuid('recorded_by').references(() => userProfiles.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('visit_records_odometer_check', sql`${t.odometerMiles} between 0 and 2000000`),
    check('visit_records_oil_check', sql`${t.oilUsed} is null or length(${t.oilUsed}) <= 60`),
    check('visit_records_note_check', sql`${t.note} is null or length(${t.note}) <= 500`),
  ],
);

/**
 * Owner: lib/audit.ts, not a feature: every feature records its changes through recordAudit(),
 * inside its own transaction, and nothing reads the log back yet.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

/**
 * Owner: lib/idempotency.ts, not a feature: routes opt in by `config.idempotent`. A change sent
 * with an Idempotency-Key (the technician's app sends its queued changes again after a lost
 * connection) is claimed here first, so it runs once and a repeat gets the stored answer.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and route pattern: "PATCH /api/technician/jobs/:id/status". */
    route: text('route').notNull(),
    /** SHA-256 of the URL with its parameters and the body as canonical JSON. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    answer: jsonb('answer'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
