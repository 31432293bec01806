// The staff's day plan on /admin/technicians: which day it shows. The answer's schema is in
// ./dispatch/responses.ts (the browser reads answers through the response modules only).
import { z } from 'zod';
import { isoDateSchema } from '../dates.ts';

/** The years a day plan may show: a day's moments outside them are no instant the app keeps. */
export const DAY_PLAN_FIRST_DAY = '2000-01-01';
export const DAY_PLAN_LAST_DAY = '2100-12-31';

export const DAY_PLAN_MESSAGES = {
  date: 'Use a date like 2026-12-01',
  dateOutOfYears: 'Choose a date from 2000 to 2100',
} as const;

/** GET /api/technicians/day-plan?date=YYYY-MM-DD: a business-local day. */
export const dayPlanQuerySchema = z.object({
  date: isoDateSchema(DAY_PLAN_MESSAGES.date).refine(
    (date) => date >= DAY_PLAN_FIRST_DAY && date <= DAY_PLAN_LAST_DAY,
    DAY_PLAN_MESSAGES.dateOutOfYears,
  ),
});
