// The Analytics page's range of days: kept in the address as ?from=YYYY-MM-DD&to=YYYY-MM-DD so it
// can be shared and survives a reload; without it, the last ANALYTICS_DEFAULT_DAYS days ending
// today (business-local). Checked by the shared query schema, with the server's words.
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { analyticsQuerySchema, type AnalyticsQuery } from '@pitstop/shared/metrics/forms';
import { ANALYTICS_DEFAULT_DAYS } from '@pitstop/shared/metrics/rules';

type RangeField = keyof AnalyticsQuery;

/** The range in the address: valid and asked for, or as typed with what is wrong with it. */
export type RangeChoice =
  | { range: AnalyticsQuery; errors: null }
  | { range: AnalyticsQuery; errors: Partial<Record<RangeField, string>> };

function defaultRange(today: string): AnalyticsQuery {
  return { from: addCalendarDays(today, -(ANALYTICS_DEFAULT_DAYS - 1)), to: today };
}

/** The range of `search`; a missing end takes the default's. */
export function rangeFromSearch(search: URLSearchParams, today: string): RangeChoice {
  const fallback = defaultRange(today);
  const range = { from: search.get('from') ?? fallback.from, to: search.get('to') ?? fallback.to };
  const parsed = analyticsQuerySchema.safeParse(range);
  if (parsed.success) return { range: parsed.data, errors: null };
  const errors: Partial<Record<RangeField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'from' || field === 'to') errors[field] ??= issue.message;
  }
  return { range, errors };
}
