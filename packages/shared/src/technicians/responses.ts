// What the technician endpoints answer ("Technician" client view): the admin's cards, the
// invitation answers, and the technician's own dashboard.
import * as z from 'zod/mini';
import { APPOINTMENT_STATUSES, visitVehicleSchema } from '../appointments/responses.ts';
import { profileSchema, technicianCoverageShape } from '../profile/responses.ts';
import { TECHNICIAN_STATUSES } from './rules.ts';

export const technicianStatusSchema = z.enum(TECHNICIAN_STATUSES);

/** The next job a technician has: the earliest not-cancelled, not-completed one from now on. */
export const nextAppointmentSchema = z.object({
  appointmentId: z.string(),
  date: z.string(),
  time: z.string(),
  serviceName: z.string(),
  customerName: z.string(),
});

/** One card of /admin/technicians. */
export const technicianCardSchema = z.object({
  /** The profile id: what appointments and working days refer to. */
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  /** From the account; 'N/A' when the account has none. */
  email: z.string(),
  photoUrl: z.nullable(z.string()),
  /** Average of the customers' ratings (1-5, one decimal); null before the first. */
  rating: z.nullable(z.number()),
  /** How many ratings the average is of. */
  ratingCount: z.int(),
  /** Jobs this technician completed (all time). */
  completedJobs: z.int(),
  ...technicianCoverageShape,
  status: technicianStatusSchema,
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  zipCode: z.string(),
  emergencyContact: z.string(),
  emergencyPhone: z.string(),
  onboardingComplete: z.boolean(),
  nextAppointment: z.nullable(nextAppointmentSchema),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TechnicianCard = z.infer<typeof technicianCardSchema>;

/** GET /api/technicians: newest first. */
export const technicianListResponseSchema = z.object({
  technicians: z.array(technicianCardSchema),
});
export type TechnicianListResponse = z.infer<typeof technicianListResponseSchema>;

/** POST /api/technicians/invitations, PATCH /api/technicians/:id. */
export const technicianResponseSchema = z.object({ technician: technicianCardSchema });

/**
 * POST /api/technicians/:id/invitation: a new link, the old one dead. `loginLink` is the link
 * itself only while e-mail is not configured (the admin copies it); null when it was e-mailed.
 */
export const resendInvitationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  loginLink: z.nullable(z.string()),
});
export type ResendInvitationResponse = z.infer<typeof resendInvitationResponseSchema>;

/** GET /api/technicians/working-days?month=YYYY-MM: every technician's working days that month. */
export const workingDaysByTechnicianResponseSchema = z.object({
  month: z.string(),
  days: z.record(z.string(), z.array(z.string())),
});

/** POST /api/technician-invitations/check: whose link it is, before a password is chosen. */
export const invitationCheckResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
});

/** POST /api/technician-invitations/accept: the password is set and the technician signed in. */
export const invitationAcceptResponseSchema = z.object({
  onboardingComplete: z.boolean(),
});

// ---------------------------------------------------------------- the technician's own

/** GET /api/technician/onboarding: what the wizard starts from. */
export const onboardingResponseSchema = z.object({
  profile: profileSchema,
  /** Whether the technician already chose a password (the invitation's link): step 3 may keep it. */
  passwordSet: z.boolean(),
});
export type OnboardingStart = z.infer<typeof onboardingResponseSchema>;

/** One of the technician's own jobs on their dashboard (today's or the next days'). */
export const technicianJobSchema = z.object({
  id: z.string(),
  bookingId: z.nullable(z.string()),
  customerName: z.string(),
  serviceId: z.nullable(z.string()),
  serviceName: z.string(),
  date: z.string(),
  time: z.string(),
  /** ISO 8601: when this service of the visit starts and ends. */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.int(),
  status: z.enum(APPOINTMENT_STATUSES),
  location: z.string(),
  phone: z.string(),
  vehicleColor: z.nullable(z.string()),
  description: z.nullable(z.string()),
  /** What this service costs, and whether it is paid (false: added on site, to be paid). */
  priceCents: z.int(),
  paid: z.boolean(),
  /** Every service id already on the visit (cancelled ones too): Add Services offers the rest. */
  visitServiceIds: z.array(z.string()),
  /** What the customer still owes for the whole visit, in cents. */
  visitBalanceDueCents: z.int(),
  /** What the customer has paid online of the visit's balance, in cents. */
  visitBalancePaidCents: z.int(),
  /** ISO 8601: the arrival the technician last gave the customer (On my way); null before. */
  arrivalEstimateAt: z.nullable(z.string()),
  /** The car: year, make, model, colour, plate and VIN as booked; null without a booking. */
  vehicle: z.nullable(visitVehicleSchema),
  /** The odometer reading recorded at the visit so far (a job of it completed); null before. */
  visitOdometerMiles: z.nullable(z.int()),
});
export type TechnicianJob = z.infer<typeof technicianJobSchema>;

export const technicianSelfSchema = z.object({
  profileId: z.string(),
  name: z.string(),
  status: technicianStatusSchema,
  ...technicianCoverageShape,
  worksToday: z.boolean(),
});

/** A stop of the technician's route today: one paid visit, in time order. */
export const ownRouteStopSchema = z.object({
  bookingId: z.string(),
  /** As people quote it: `PS-10042`. */
  orderNumber: z.string(),
  /** Business-local HH:MM. */
  time: z.string(),
  customerName: z.string(),
  /** "street, city, zip": what the stop shows and the maps link takes. */
  address: z.string(),
  zipCode: z.nullable(z.string()),
  /** The drive planned here: from home base for the first (null: no home ZIP). */
  driveMinutesBefore: z.nullable(z.int()),
});
export type OwnRouteStop = z.infer<typeof ownRouteStopSchema>;

/** The technician's day as a route: the stops, and the driving home to home. */
export const ownRouteSchema = z.object({
  stops: z.array(ownRouteStopSchema),
  /** Home to the first stop, stop to stop, the last back home (legs from an unknown home left out). */
  totalDriveMinutes: z.int(),
  homeZip: z.nullable(z.string()),
});
export type OwnRoute = z.infer<typeof ownRouteSchema>;

/** GET /api/technician/dashboard. */
export const technicianDashboardResponseSchema = z.object({
  /** The business-local date the dashboard is for. */
  today: z.string(),
  technician: technicianSelfSchema,
  stats: z.object({ todaysJobs: z.int(), completedToday: z.int() }),
  /** Today's own jobs, cancelled left out, by time. */
  jobs: z.array(technicianJobSchema),
  /**
   * The own jobs of the next 6 business-local days (today excluded), cancelled left out, by
   * time: what the technician's phone keeps for working offline. `stats` do not count them.
   */
  upcoming: z.array(technicianJobSchema),
  /**
   * Today's paid visits as a route. The server always answers it; a dashboard a phone kept from
   * before routes were shown has none.
   */
  route: z.optional(ownRouteSchema),
});
export type TechnicianDashboard = z.infer<typeof technicianDashboardResponseSchema>;

/** PUT /api/technician/duty. */
export const dutyResponseSchema = z.object({ status: technicianStatusSchema });

/** GET /api/technician/working-days?month=YYYY-MM. */
export const ownWorkingDaysResponseSchema = z.object({
  month: z.string(),
  today: z.string(),
  days: z.array(z.string()),
});

/** PUT /api/technician/working-days/:date. */
export const workingDayResponseSchema = z.object({
  date: z.string(),
  working: z.boolean(),
  status: technicianStatusSchema,
});

/** PATCH /api/technician/jobs/:id/status. */
export const jobStatusResponseSchema = z.object({
  job: technicianJobSchema,
  technicianStatus: technicianStatusSchema,
});
export type JobStatusResponse = z.infer<typeof jobStatusResponseSchema>;

/** POST /api/technician/jobs/:id/services: the appointments added to the visit. */
export const addServicesResponseSchema = z.object({
  added: z.array(technicianJobSchema),
  visitBalanceDueCents: z.int(),
});

/**
 * GET /api/technicians/assignable?dates=: the technicians an appointment may be given to (onboarded,
 * not off duty), with which of the asked dates each has marked as working days.
 */
export const assignableTechnicianSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: technicianStatusSchema,
  workingDates: z.array(z.string()),
});
export type AssignableTechnician = z.infer<typeof assignableTechnicianSchema>;
export const assignableTechniciansResponseSchema = z.object({
  technicians: z.array(assignableTechnicianSchema),
});

/** On my way / Running late: what the customer was told. */
export const arrivalResponseSchema = z.object({
  bookingId: z.string(),
  arrivalEstimateAt: z.string(),
  /** The estimate on the business's clock, as the customer read it: `10:40 AM`. */
  arrival: z.string(),
  isLate: z.boolean(),
  /** Whether it went by text (the customer agreed to texts) or by e-mail. */
  channel: z.enum(['email', 'sms']),
});
export type ArrivalResponse = z.infer<typeof arrivalResponseSchema>;
