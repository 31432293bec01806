// The web tests' API: MSW intercepts every fetch and answers with the doubles in handlers/, whose
// state each test seeds and test/setup.ts resets. A test that needs a failure or a request that
// never answers overrides one endpoint with `server.use(http.get(...))` for that test only.
// Requests are recorded, so a test can check what the page sent.
import { setupServer } from 'msw/node';
import { resetAccounts } from './accounts.ts';
import { appointmentsHandlers, resetAppointmentsState } from './handlers/appointments.ts';
import { authHandlers, resetAuthState } from './handlers/auth.ts';
import { bookingHandlers, resetBookingState } from './handlers/booking.ts';
import { businessHandlers, resetBusinessState } from './handlers/business.ts';
import {
  dashboardMetricsHandlers,
  resetDashboardMetricsState,
} from './handlers/dashboard-metrics.ts';
import { dispatchHandlers, resetDispatchState } from './handlers/dispatch.ts';
import { dueSoonHandlers, resetDueSoonState } from './handlers/due-soon.ts';
import { metricsHandlers, resetMetricsState } from './handlers/metrics.ts';
import { profileHandlers, resetProfileState } from './handlers/profile.ts';
import { ratingsHandlers, resetRatingsState } from './handlers/ratings.ts';
import { resetServicesState, servicesHandlers } from './handlers/services.ts';
import { resetSetupState, setupHandlers } from './handlers/setup.ts';
import {
  resetStaffAppointmentsState,
  staffAppointmentsHandlers,
} from './handlers/staff-appointments.ts';
import { resetTechnicianWorkState, technicianWorkHandlers } from './handlers/technician-work.ts';
import { resetTechniciansState, techniciansHandlers } from './handlers/technicians.ts';
import { usersHandlers } from './handlers/users.ts';
import { resetVehiclesState, vehiclesHandlers } from './handlers/vehicles.ts';
import { resetVehicleHistoryState, vehicleHistoryHandlers } from './handlers/vehicle-history.ts';
import { resetVisitsState, visitsHandlers } from './handlers/visits.ts';

export const server = setupServer(
  ...authHandlers,
  ...setupHandlers,
  ...usersHandlers,
  ...servicesHandlers,
  ...businessHandlers,
  ...bookingHandlers,
  ...profileHandlers,
  ...vehiclesHandlers,
  ...vehicleHistoryHandlers,
  ...appointmentsHandlers,
  ...techniciansHandlers,
  ...technicianWorkHandlers,
  ...metricsHandlers,
  ...staffAppointmentsHandlers,
  ...dashboardMetricsHandlers,
  ...visitsHandlers,
  ...ratingsHandlers,
  ...dueSoonHandlers,
  ...dispatchHandlers,
);

interface RecordedRequest {
  method: string;
  /** Path and query string, e.g. `/api/users?role=technician`. */
  path: string;
  /** The JSON body, read from a copy of the request as it left. */
  body: Promise<unknown>;
}

let recorded: RecordedRequest[] = [];

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  recorded.push({
    method: request.method,
    path: `${url.pathname}${url.search}`,
    body: request.clone().text().then(parseBody),
  });
});

// A double that throws (an answer its schema refuses, say) or a request no double answers could
// pass unseen when the page under test shows errors gracefully: test/setup.ts fails the test.
let problems: Error[] = [];

server.events.on('unhandledException', ({ request, error }) => {
  problems.push(
    new Error(`The double for ${request.method} ${request.url} threw: ${error.message}`, {
      cause: error,
    }),
  );
});

server.events.on('request:unhandled', ({ request }) => {
  problems.push(new Error(`No double answers ${request.method} ${request.url}`));
});

/** What went wrong in the doubles since the last call. */
export function takeApiProblems(): Error[] {
  const found = problems;
  problems = [];
  return found;
}

/** Empties every double and the request log (after each test). */
export function resetApiState(): void {
  resetAccounts();
  resetAuthState();
  resetBusinessState();
  resetBookingState();
  resetServicesState();
  resetSetupState();
  resetProfileState();
  resetVehiclesState();
  resetVehicleHistoryState();
  resetAppointmentsState();
  resetTechniciansState();
  resetTechnicianWorkState();
  resetMetricsState();
  resetStaffAppointmentsState();
  resetDashboardMetricsState();
  resetVisitsState();
  resetRatingsState();
  resetDueSoonState();
  resetDispatchState();
  recorded = [];
  problems = [];
}

// Every page reads these in the background (the top bar and the footer, the route guards).
const BACKGROUND_READS = new Set(['GET /api/me', 'GET /api/business']);

/** The requests sent so far as `METHOD /path?query`, without the background reads. */
export function apiCalls(): string[] {
  return recorded
    .map((request) => `${request.method} ${request.path}`)
    .filter((call) => !BACKGROUND_READS.has(call));
}

/** The body of the last `method` request to `path` (query string included), if one was sent. */
export async function lastBodyOf(method: string, path: string): Promise<unknown> {
  return recorded.findLast((request) => request.method === method && request.path === path)?.body;
}
