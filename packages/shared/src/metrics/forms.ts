// What the metric and analytics screens send: the analytics date range.
import { z } from 'zod';
import { ANALYTICS_MAX_DAYS, daysIn, METRIC_MESSAGES } from './rules.ts';

const isoDate = z
  .string(METRIC_MESSAGES.date)
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, METRIC_MESSAGES.date)
  // A real calendar day: 2026-02-30 would roll over to March (and new Date() refuses to
  // print it at all, which must not become a 500).
  .refine(
    (value) => {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const day = new Date(Date.UTC(y, m - 1, d));
      return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
    },
    { message: METRIC_MESSAGES.date },
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
