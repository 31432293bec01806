// What the appointment routes answer: the staff's view of an appointment, with the spec's stored
// columns and the customer's contact, and a customer's own visits. Technicians read their jobs as
// technicianJobSchema (technicians/responses.ts), which has no customer e-mail.
import * as z from 'zod/mini';

export const APPOINTMENT_STATUSES = ['scheduled', 'in-progress', 'completed', 'cancelled'] as const;

/**
 * The vehicle a visit is for, as its booking has it (any field may be missing on an older
 * booking); null on an appointment without a booking.
 */
export const visitVehicleSchema = z.object({
  year: z.nullable(z.string()),
  make: z.nullable(z.string()),
  model: z.nullable(z.string()),
  color: z.nullable(z.string()),
  licensePlate: z.nullable(z.string()),
  vin: z.nullable(z.string()),
});
export type VisitVehicle = z.infer<typeof visitVehicleSchema>;

export const appointmentSchema = z.object({
  id: z.string(),
  bookingId: z.nullable(z.string()),
  customerName: z.string(),
  serviceName: z.string(),
  /** Business-local YYYY-MM-DD and HH:MM, as booked. */
  date: z.string(),
  time: z.string(),
  /** ISO 8601 moments. */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.int(),
  status: z.enum(APPOINTMENT_STATUSES),
  technician: z.string(),
  technicianId: z.nullable(z.string()),
  location: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  vehicleColor: z.nullable(z.string()),
  description: z.nullable(z.string()),
  /** What the service costs; `paid` false for a service added on site, still to be paid. */
  priceCents: z.int(),
  paid: z.boolean(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** PATCH /api/appointments/:id/technician and /status (staff). */
export const appointmentResponseSchema = z.object({ appointment: appointmentSchema });

/** One booked service of a customer's visit, with who does it once assigned. */
export const myVisitServiceSchema = z.object({
  appointmentId: z.string(),
  serviceName: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** The technician's name; null while Unassigned. */
  technician: z.nullable(z.string()),
});

/** A customer's visit: the appointments of one paid booking, done one after the other. */
export const myVisitSchema = z.object({
  /** Names the visit's calendar file: GET /api/appointments/:calendarId/calendar.ics. */
  calendarId: z.string(),
  bookingId: z.nullable(z.string()),
  /** The booking's order number (PS-10042); null for an appointment made without a booking. */
  orderNumber: z.nullable(z.string()),
  /** Business-local YYYY-MM-DD and HH:MM of the first service. */
  date: z.string(),
  time: z.string(),
  /** ISO 8601: the first service's start and the last one's end. */
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string(),
  services: z.array(myVisitServiceSchema),
  /** What is still owed for services added on site (cancelled ones left out), in cents. */
  balanceDueCents: z.int(),
  /** What has been refunded on the visit's order (a cancellation's refund), in cents. */
  refundedCents: z.int(),
  /** What the customer has paid online of the balance, in cents. */
  balancePaidCents: z.int(),
  /** Whether the customer agreed to texts about this visit. */
  textUpdates: z.boolean(),
});
export type MyVisit = z.infer<typeof myVisitSchema>;

/** A pay-now order of the customer's, paid and waiting for the team to schedule it. */
export const myUnscheduledOrderSchema = z.object({
  bookingId: z.string(),
  /** PS-10042. */
  orderNumber: z.string(),
  services: z.array(z.string()),
  amountCents: z.int(),
  /** ISO 8601. */
  paidAt: z.string(),
});
export type MyUnscheduledOrder = z.infer<typeof myUnscheduledOrderSchema>;

/**
 * GET /api/appointments/mine: the caller's own visits. Upcoming (soonest first) until they end
 * or every service is done or cancelled; past, newest first.
 */
export const myAppointmentsResponseSchema = z.object({
  upcoming: z.array(myVisitSchema),
  past: z.array(myVisitSchema),
  unscheduled: z.array(myUnscheduledOrderSchema),
});
export type MyAppointmentsResponse = z.infer<typeof myAppointmentsResponseSchema>;

/** A visit whose customer still owes for services added on site (staff follow up). */
export const balanceDueVisitSchema = z.object({
  bookingId: z.string(),
  customerName: z.string(),
  /** Business-local YYYY-MM-DD and HH:MM of the visit. */
  date: z.string(),
  time: z.string(),
  location: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  /** Who added them: the technician's name, or null if the visit is now unassigned. */
  technician: z.nullable(z.string()),
  /** The unpaid services, not cancelled, in the order they are done. */
  services: z.array(z.object({ serviceName: z.string(), priceCents: z.int() })),
  balanceDueCents: z.int(),
});
export type BalanceDueVisit = z.infer<typeof balanceDueVisitSchema>;

/** GET /api/appointments/balance-due: latest visit first. */
export const balanceDueListResponseSchema = z.object({ visits: z.array(balanceDueVisitSchema) });

/** A row of the staff's appointment tables: the appointment and what its visit needs. */
export const staffAppointmentSchema = z.extend(appointmentSchema, {
  /** Its visit's order number (PS-10042), which staff search by; null without a booking. */
  orderNumber: z.nullable(z.string()),
  /** Paid after its hold lapsed into a slot that had filled: reschedule (decision 017). */
  overCapacity: z.boolean(),
  /** What the visit still owes for services added on site, in cents; 0 when nothing. */
  visitBalanceDueCents: z.int(),
  vehicle: z.nullable(visitVehicleSchema),
});
export type StaffAppointment = z.infer<typeof staffAppointmentSchema>;

/** GET /api/appointments/search: one page of matches. */
export const appointmentPageResponseSchema = z.object({
  appointments: z.array(staffAppointmentSchema),
  /** Matches in all; at most APPOINTMENT_COUNT_CAP, with `totalCapped` when there are more. */
  total: z.int(),
  totalCapped: z.boolean(),
  page: z.int(),
  pageSize: z.int(),
  /** The business-local date the search took as today (YYYY-MM-DD). */
  today: z.string(),
});
export type AppointmentPage = z.infer<typeof appointmentPageResponseSchema>;

/** POST /api/visits/:bookingId/move: where the visit is now. */
export const movedVisitResponseSchema = z.object({
  bookingId: z.string(),
  /** Business-local YYYY-MM-DD and HH:MM. */
  date: z.string(),
  time: z.string(),
  /** ISO 8601: the visit's whole span, services added on site included. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Technicians taken off the visit because they do not work the new day (their names). */
  unassignedTechnicians: z.array(z.string()),
});
export type MovedVisitResponse = z.infer<typeof movedVisitResponseSchema>;

// ---------------------------------------------------------------- a visit's balance paid online
export const BALANCE_PAYMENT_STATUSES = ['pending', 'paid', 'expired'] as const;

/** One payment of a visit's balance, as the customer, the technician and staff see it. */
export const balancePaymentSchema = z.object({
  id: z.string(),
  amountCents: z.int(),
  status: z.enum(BALANCE_PAYMENT_STATUSES),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; null until paid. */
  paidAt: z.nullable(z.string()),
  /** The services it paid for, by name. */
  services: z.array(z.string()),
});
export type BalancePayment = z.infer<typeof balancePaymentSchema>;

/**
 * GET /api/my/visits/:bookingId/balance: the customer's visit's balance now. A payment the
 * provider has confirmed meanwhile is recorded by this read (as the success page's lookup does).
 */
export const visitBalanceResponseSchema = z.object({
  bookingId: z.string(),
  balanceDueCents: z.int(),
  /** What balance payments took, in cents. */
  paidCents: z.int(),
  payments: z.array(balancePaymentSchema),
});
export type VisitBalanceResponse = z.infer<typeof visitBalanceResponseSchema>;

/** POST /api/my/visits/:bookingId/balance/checkout: where the browser goes to pay. */
export const balanceCheckoutResponseSchema = z.object({ url: z.string() });
export type BalanceCheckoutResponse = z.infer<typeof balanceCheckoutResponseSchema>;

/**
 * GET /api/technician/jobs/:id/balance-link: the link the customer pays the visit's balance at
 * (their visit on /profile), and the same link as a QR code (an SVG document).
 */
export const jobBalanceLinkResponseSchema = z.object({
  balanceDueCents: z.int(),
  paidCents: z.int(),
  url: z.string(),
  qrSvg: z.string(),
  /**
   * Where "E-mail link" sends it, masked (`g•••@example.com`): technicians never read a
   * customer's e-mail address.
   */
  emailHint: z.string(),
});
export type JobBalanceLinkResponse = z.infer<typeof jobBalanceLinkResponseSchema>;

/** POST /api/technician/jobs/:id/balance-link/email: where it went, masked as above. */
export const balanceLinkSentResponseSchema = z.object({ sentTo: z.string() });
export type BalanceLinkSentResponse = z.infer<typeof balanceLinkSentResponseSchema>;

// ---------------------------------------------------------------- a visit's payment, for staff
/** A refund of an order, as staff and the customer see it. */
const refundSchema = z.object({
  id: z.string(),
  amountCents: z.int(),
  /** ISO 8601. */
  createdAt: z.string(),
  reason: z.string(),
  status: z.enum(['succeeded', 'pending', 'failed']),
});
export type Refund = z.infer<typeof refundSchema>;

/** GET /api/visits/:bookingId/payment (staff): the visit's order, its refunds, the choices. */
export const visitPaymentResponseSchema = z.object({
  bookingId: z.string(),
  orderNumber: z.string(),
  provider: z.string(),
  amountCents: z.int(),
  /** ISO 8601: when it was paid. */
  paidAt: z.string(),
  refundedCents: z.int(),
  refunds: z.array(refundSchema),
  /** What each staff choice would refund now. */
  choices: z.object({ policy: z.int(), full: z.int(), none: z.int() }),
  /** Whether the visit can still be cancelled (paid, nothing begun). */
  cancellable: z.boolean(),
  /** The balance (services added on site) paid online: each payment, its receipt. */
  balancePayments: z.array(balancePaymentSchema),
});
export type VisitPaymentResponse = z.infer<typeof visitPaymentResponseSchema>;

/** One message sent (or to be sent) about a visit, as staff read it. */
export const visitMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  /** What it is: visit-reminder, on-my-way, running-late, booking-confirmation, ... */
  template: z.string(),
  to: z.string(),
  /** An e-mail's subject; a text's words. */
  subject: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'withdrawn']),
  attempts: z.int(),
  providerId: z.nullable(z.string()),
  /** What the provider reported after accepting it (delivered, undelivered, failed). */
  deliveryStatus: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  /** ISO 8601: not sent before (a reminder waits for it). */
  notBefore: z.string(),
  sentAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type VisitMessage = z.infer<typeof visitMessageSchema>;
export const visitMessagesResponseSchema = z.object({ messages: z.array(visitMessageSchema) });

/** The customer's texts about a visit: agreed or not, and whether their number replied STOP. */
export const visitTextsResponseSchema = z.object({
  textUpdates: z.boolean(),
  textsStopped: z.boolean(),
});
export type VisitTexts = z.infer<typeof visitTextsResponseSchema>;
