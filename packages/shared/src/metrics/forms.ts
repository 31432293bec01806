// What the metric and analytics screens send: the analytics date range.
import { z } from 'zod';
import { isoDateSchema } from '../dates.ts';
import {
  ANALYTICS_FIRST_DAY,
  ANALYTICS_LAST_DAY,
  ANALYTICS_MAX_DAYS,
  daysIn,
  METRIC_MESSAGES,
} from './rules.ts';

const isoDate = isoDateSchema(METRIC_MESSAGES.date).refine(
  (date) => date >= ANALYTICS_FIRST_DAY && date <= ANALYTICS_LAST_DAY,
  METRIC_MESSAGES.dateOutOfYears,
);

/** GET /api/analytics?from=&to=: business-local days, both included, at most two years. */
export const analyticsQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .superRefine((range, context) => {
    if (range.to < range.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: METRIC_MESSAGES.rangeOrder });
    } else if (daysIn(range) > ANALYTICS_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: METRIC_MESSAGES.rangeTooLong });
    }
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
