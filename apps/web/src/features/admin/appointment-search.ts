// What a staff appointment table asks GET /api/appointments/search for, and how the appointments
// screen keeps it in the address bar (so a reload, a shared link or Back shows the same list).
import {
  APPOINTMENT_FLAGS,
  APPOINTMENT_PAGE_SIZE,
  APPOINTMENT_SORTS,
  APPOINTMENT_STATUS_FILTERS,
  APPOINTMENT_VIEWS,
  type AppointmentFlag,
  type AppointmentSort,
  type AppointmentStatusFilter,
  type AppointmentView,
} from '@pitstop/shared/appointments/forms';

export interface AppointmentSearch {
  q: string;
  status: AppointmentStatusFilter;
  view: AppointmentView;
  flag: AppointmentFlag | null;
  sort: AppointmentSort;
  /** 1-12, or null for every month. */
  month: number | null;
  year: number | null;
  page: number;
}

export const DEFAULT_SEARCH: AppointmentSearch = {
  q: '',
  status: 'all',
  view: 'all',
  flag: null,
  sort: 'date-desc',
  month: null,
  year: null,
  page: 1,
};

/** The API's address for one page of `search`, in a fixed order; defaults left out. */
export function searchPath(search: AppointmentSearch): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.status !== 'all') params.set('status', search.status);
  params.set('view', search.view);
  if (search.flag) params.set('flag', search.flag);
  if (search.month !== null) params.set('month', String(search.month));
  if (search.year !== null) params.set('year', String(search.year));
  params.set('sort', search.sort);
  params.set('page', String(search.page));
  params.set('pageSize', String(APPOINTMENT_PAGE_SIZE));
  return `/api/appointments/search?${params}`;
}

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | null {
  return (choices as readonly (string | null)[]).includes(value) ? (value as T) : null;
}

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/**
 * The screen's search from its address's query string. A value the API would refuse (typed by
 * hand, or from an old link) reads as its default rather than breaking the page.
 */
export function searchFromParams(params: URLSearchParams): AppointmentSearch {
  return {
    q: (params.get('q') ?? '').trim(),
    status: oneOf(APPOINTMENT_STATUS_FILTERS, params.get('status')) ?? DEFAULT_SEARCH.status,
    view: oneOf(APPOINTMENT_VIEWS, params.get('view')) ?? DEFAULT_SEARCH.view,
    flag: oneOf(APPOINTMENT_FLAGS, params.get('flag')),
    sort: oneOf(APPOINTMENT_SORTS, params.get('sort')) ?? DEFAULT_SEARCH.sort,
    month: wholeNumber(params.get('month'), 1, 12),
    year: wholeNumber(params.get('year'), 2000, 2100),
    page: wholeNumber(params.get('page'), 1, 100_000) ?? 1,
  };
}

/** The query string that `searchFromParams` reads back as `search`; defaults left out. */
export function paramsFromSearch(search: AppointmentSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.status !== 'all') params.set('status', search.status);
  if (search.view !== 'all') params.set('view', search.view);
  if (search.flag) params.set('flag', search.flag);
  if (search.sort !== DEFAULT_SEARCH.sort) params.set('sort', search.sort);
  if (search.month !== null) params.set('month', String(search.month));
  if (search.year !== null) params.set('year', String(search.year));
  if (search.page !== 1) params.set('page', String(search.page));
  return params;
}

/** The pages `total` matches fill; at least one, so an empty list still reads "Page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The distinct dates of a page's appointments, in order: what the technician pickers ask for. */
export function datesOf(appointments: readonly { date: string }[]): string[] {
  return [...new Set(appointments.map((appointment) => appointment.date))].sort();
}

/** The dashboard's tables: all newest first, active soonest first, past newest first. */
export const DASHBOARD_TABLES = {
  all: { ...DEFAULT_SEARCH, view: 'all', sort: 'date-desc' },
  active: { ...DEFAULT_SEARCH, view: 'active', sort: 'date-asc' },
  past: { ...DEFAULT_SEARCH, view: 'past', sort: 'date-desc' },
} as const satisfies Record<string, AppointmentSearch>;
