// What staff send about appointments: the search of the appointments screens and the dashboard's
// tables, a status change, moving a visit and scheduling a paid Pay Now order. The server parses
// the query and body with these same schemas.
import { z } from 'zod';
import { bookingDateSchema, bookingFormSchema, bookingTimeSchema } from '../booking/forms.ts';
import { APPOINTMENT_STATUSES } from './responses.ts';

/**
 * Which appointments a table shows: every one, the active ones (scheduled or in progress, today
 * or later) or the past ones (before today), all in the business's time zone.
 */
export const APPOINTMENT_VIEWS = ['all', 'active', 'past'] as const;
export type AppointmentView = (typeof APPOINTMENT_VIEWS)[number];

/**
 * Visits that need the team: paid after their hold lapsed into a full slot ("over capacity":
 * reschedule), or owing for services added on site ("balance due").
 */
export const APPOINTMENT_FLAGS = ['over-capacity', 'balance-due'] as const;
export type AppointmentFlag = (typeof APPOINTMENT_FLAGS)[number];

/** Newest date first (the spec's order), soonest first, or by customer name A to Z. */
export const APPOINTMENT_SORTS = ['date-desc', 'date-asc', 'customer'] as const;
export type AppointmentSort = (typeof APPOINTMENT_SORTS)[number];

export const APPOINTMENT_STATUS_FILTERS = ['all', ...APPOINTMENT_STATUSES] as const;
export type AppointmentStatusFilter = (typeof APPOINTMENT_STATUS_FILTERS)[number];

export const APPOINTMENT_SEARCH_MAX_LENGTH = 100;
/** The past appointments list shows 10 per page. */
export const APPOINTMENT_PAGE_SIZE = 10;
const APPOINTMENT_PAGE_SIZE_MAX = 50;
/** Counted exactly up to this many matches; beyond it the answer says "more than". */
export const APPOINTMENT_COUNT_CAP = 1000;

export const APPOINTMENT_SEARCH_MESSAGES = {
  searchTooLong: `Search with at most ${APPOINTMENT_SEARCH_MAX_LENGTH} characters`,
  month: 'Choose a month from 1 to 12',
  year: 'Choose a year from the list',
  page: 'Choose a page from 1 on',
  pageSize: `Show from 1 to ${APPOINTMENT_PAGE_SIZE_MAX} per page`,
  status: 'Choose a status from the list',
  view: 'Choose all, active or past',
  flag: 'Choose over capacity or balance due',
  sort: 'Choose a sort order from the list',
  cancelConfirm: 'Cancel this appointment? The customer is told by e-mail.',
  statusUpdated: 'Status updated',
  statusFailed: 'Failed to update the status. Please try again.',
  assignFailed: 'Failed to assign the technician. Please try again.',
  noAppointments: 'No appointments found',
  changedMeanwhile: 'Someone else changed this appointment meanwhile. Its current status is shown.',
  pageBeyondCount: 'Narrow the search to see more appointments',
} as const;

const M = APPOINTMENT_SEARCH_MESSAGES;

/** A whole number from the query string, or the message. */
const queryInt = (min: number, max: number, message: string) =>
  z.coerce.number(message).int(message).min(min, message).max(max, message);

/**
 * GET /api/appointments/search. `q` matches customer or service text (case ignored); `month`
 * (1-12) and `year` narrow to one business-local month (a month without a year means this year;
 * a year alone, the whole year).
 */
export const appointmentSearchQuerySchema = z.object({
  q: z
    .string()
    .max(APPOINTMENT_SEARCH_MAX_LENGTH, M.searchTooLong)
    .transform((value) => value.trim())
    .optional(),
  status: z.enum(APPOINTMENT_STATUS_FILTERS, M.status).default('all'),
  view: z.enum(APPOINTMENT_VIEWS, M.view).default('all'),
  flag: z.enum(APPOINTMENT_FLAGS, M.flag).optional(),
  month: queryInt(1, 12, M.month).optional(),
  year: queryInt(2000, 2100, M.year).optional(),
  sort: z.enum(APPOINTMENT_SORTS, M.sort).default('date-desc'),
  page: queryInt(1, 100_000, M.page).default(1),
  pageSize: queryInt(1, APPOINTMENT_PAGE_SIZE_MAX, M.pageSize).default(APPOINTMENT_PAGE_SIZE),
});
export type AppointmentSearch = z.output<typeof appointmentSearchQuerySchema>;

/**
 * PATCH /api/appointments/:id/status: staff may set any of the four, in any order.
 * `from` is the status the screen showed: if someone changed it meanwhile the change is refused
 * (409, M.changedMeanwhile) instead of overwriting theirs.
 */
export const staffStatusRequestSchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, M.status),
  from: z.enum(APPOINTMENT_STATUSES, M.status).optional(),
});
export type StaffStatusRequest = z.infer<typeof staffStatusRequestSchema>;

/**
 * POST /api/visits/:bookingId/move: the visit's new business-local date and start time, one of
 * the slots GET /api/visits/:bookingId/slots offers. A paid order not yet scheduled is scheduled
 * the same way.
 */
export const moveVisitRequestSchema = z.object({
  date: bookingDateSchema,
  time: bookingTimeSchema,
});
export type MoveVisitRequest = z.infer<typeof moveVisitRequestSchema>;

/** GET /api/visits/:bookingId/slots: the date whose slots the visit could move to. */
export const visitSlotsQuerySchema = z.object({ date: bookingDateSchema });

/**
 * POST /api/visits/:bookingId/schedule: where and when a paid Pay Now order is done, in the
 * booking form's own fields and words (the order already has the customer and the services).
 */
export const scheduleOrderRequestSchema = bookingFormSchema.pick({
  date: true,
  time: true,
  address: true,
  city: true,
  zipCode: true,
  vehicleMake: true,
  vehicleModel: true,
  vehicleYear: true,
  vehicleColor: true,
  licensePlate: true,
  description: true,
});
export type ScheduleOrderRequest = z.input<typeof scheduleOrderRequestSchema>;
export type ScheduledOrder = z.output<typeof scheduleOrderRequestSchema>;

export const SCHEDULE_ORDER_MESSAGES = {
  notFound: "We couldn't find this order.",
  notSchedulable: 'This order is already scheduled, or no longer paid.',
} as const;

export const VISIT_MOVE_MESSAGES = {
  notFound: "We couldn't find this visit.",
  notMovable: 'This visit is cancelled or done and can no longer be moved.',
  sameTime: 'The visit is already at this time.',
} as const;

/** PUT /api/my/visits/:bookingId/texts: the customer's consent to texts about this visit. */
export const visitTextsRequestSchema = z.object({
  textUpdates: z.boolean('Choose yes or no'),
});
export type VisitTextsRequest = z.infer<typeof visitTextsRequestSchema>;
