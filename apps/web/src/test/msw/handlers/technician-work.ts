// Doubles of the technician's own endpoints, deciding as the server does: the invitation link
// (check, then accept: the password set and the technician signed in), onboarding (an
// admin-supplied name kept), and the dashboard's reads and changes (duty, working days, a job's
// status, services added on site as unpaid appointments of the same visit). Today's route is
// seeded as the server would answer it (its drives come from ZIP centres the doubles lack).
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { joinAddress } from '@pitstop/shared/profile/address';
import { formatPhone } from '@pitstop/shared/phone';
import {
  addServicesRequestSchema,
  dateParamSchema,
  dutyRequestSchema,
  jobStatusRequestSchema,
  monthQuerySchema,
  onboardingRequestSchema,
  setTechnicianPasswordRequestSchema,
  invitationCheckRequestSchema,
  workingDayRequestSchema,
} from '@pitstop/shared/technicians/forms';
import {
  addServicesResponseSchema,
  dutyResponseSchema,
  invitationAcceptResponseSchema,
  invitationCheckResponseSchema,
  jobStatusResponseSchema,
  onboardingResponseSchema,
  type OwnRoute,
  type OwnRouteStop,
  ownWorkingDaysResponseSchema,
  technicianDashboardResponseSchema,
  workingDayResponseSchema,
  type TechnicianJob,
} from '@pitstop/shared/technicians/responses';
import {
  statusAfterWorkingDayToggle,
  TECHNICIAN_MESSAGES,
  workingDayProblem,
  type TechnicianStatus,
} from '@pitstop/shared/technicians/rules';
import { http } from 'msw';
import { requireAccess, signInAs, type Account } from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';
import { makeVisitVehicle } from '../../visit-vehicle.ts';
import { coverageOf, listsEveryArea, profileOf, unknownAreas } from './profile.ts';
import { storedServices } from './services.ts';

/** The doubles' business-local date (TEST_NOW, 2026-03-14, in the business zone). */
const TECHNICIAN_TODAY = '2026-03-14';
/** The dashboard's next days, after today. */
const UPCOMING_DAYS = 6;

type InvitationState = 'valid' | 'used' | 'expired';

interface TechnicianWork {
  status: TechnicianStatus;
  workingDays: Set<string>;
  jobs: TechnicianJob[];
  /** Today's stops and driving; none unless seeded. */
  route: Omit<OwnRoute, 'homeZip'>;
}

const state = {
  invitations: new Map<string, { account: Account; state: InvitationState }>(),
  work: new Map<string, TechnicianWork>(),
  /** The user ids of technicians who chose their password (the link, or onboarding). */
  passwordChosen: new Set<string>(),
  nextId: 1,
};

export function resetTechnicianWorkState(): void {
  state.invitations = new Map();
  state.work = new Map();
  state.passwordChosen = new Set();
  state.nextId = 1;
}

/** Records that `account` chose its password, as accepting the invitation's link does. */
export function markPasswordChosen(account: Account): void {
  state.passwordChosen.add(account.user.userId);
}

/** An invitation token for `account`, as the link in its e-mail carries it. */
export function issueInvitation(
  account: Account,
  {
    token = `invite-token-${account.user.userId}-abcdefgh`,
    status = 'valid' as InvitationState,
  } = {},
): string {
  state.invitations.set(token, { account, state: status });
  return token;
}

export interface TechnicianWorkSeed {
  status?: TechnicianStatus;
  workingDays?: string[];
  jobs?: TechnicianJob[];
  route?: Omit<OwnRoute, 'homeZip'>;
}

/** What the technician's dashboard and calendar start with. */
export function seedTechnicianWork(account: Account, seed: TechnicianWorkSeed = {}): void {
  state.work.set(account.user.userId, {
    status: seed.status ?? 'available',
    workingDays: new Set(seed.workingDays ?? [TECHNICIAN_TODAY]),
    jobs: seed.jobs ?? [],
    route: seed.route ?? { stops: [], totalDriveMinutes: 0 },
  });
}

export function technicianWorkOf(account: Account): TechnicianWork {
  let work = state.work.get(account.user.userId);
  if (!work) {
    seedTechnicianWork(account);
    work = state.work.get(account.user.userId) as TechnicianWork;
  }
  return work;
}

/** One of today's jobs (or another `date`'s); a visit (booking) of its own unless `bookingId` is given. */
export function makeJob(seed: Partial<TechnicianJob> = {}): TechnicianJob {
  const n = state.nextId++;
  const date = seed.date ?? TECHNICIAN_TODAY;
  const time = seed.time ?? '09:00';
  const startsAt = new Date(`${date}T${time}:00Z`).toISOString();
  const durationMinutes = seed.durationMinutes ?? 45;
  const serviceId = seed.serviceId ?? 'basic-oil-change';
  return {
    id: `job-${n}`,
    bookingId: `booking-${n}`,
    customerName: 'Grace Hopper',
    serviceId,
    serviceName: 'Basic Oil Change',
    date,
    time,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + durationMinutes * 60_000).toISOString(),
    durationMinutes,
    status: 'scheduled',
    location: '1 Harbor Rd, Springfield, 12345',
    phone: '(555) 222-3333',
    vehicleColor: 'Blue',
    description: null,
    priceCents: 4999,
    paid: true,
    visitServiceIds: [serviceId],
    visitBalanceDueCents: 0,
    visitBalancePaidCents: 0,
    arrivalEstimateAt: null,
    vehicle: makeVisitVehicle(),
    visitOdometerMiles: null,
    ...seed,
  };
}

/** One stop of today's route, as the server answers it. */
export function makeRouteStop(seed: Partial<OwnRouteStop> = {}): OwnRouteStop {
  const n = state.nextId++;
  return {
    bookingId: `booking-${n}`,
    orderNumber: `PS-${10040 + n}`,
    time: '09:00',
    customerName: 'Grace Hopper',
    address: '1 Harbor Rd, Springfield, 30303',
    zipCode: '30303',
    driveMinutesBefore: 10,
    ...seed,
  };
}

function requireTechnician() {
  const access = requireAccess('job:work:own');
  if (!access.ok) return access;
  return { ...access, work: technicianWorkOf(access.account) };
}

const gone = (message: string = TECHNICIAN_MESSAGES.linkInvalid) => apiError('GONE', message);

function findInvitation(token: string) {
  const invitation = state.invitations.get(token);
  if (!invitation || invitation.state === 'used') return { ok: false as const, response: gone() };
  if (invitation.state === 'expired') {
    return { ok: false as const, response: gone(TECHNICIAN_MESSAGES.linkExpired) };
  }
  return { ok: true as const, account: invitation.account };
}

function dashboardOf(work: TechnicianWork, account: Account) {
  const listed = work.jobs
    .filter((job) => job.status !== 'cancelled')
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
  const jobs = listed.filter((job) => job.date === TECHNICIAN_TODAY);
  const lastUpcoming = addCalendarDays(TECHNICIAN_TODAY, UPCOMING_DAYS);
  return {
    today: TECHNICIAN_TODAY,
    technician: {
      profileId: account.user.id,
      name: account.user.name,
      status: work.status,
      ...coverageOf(account.profile),
      worksToday: work.workingDays.has(TECHNICIAN_TODAY),
    },
    stats: {
      todaysJobs: jobs.length,
      completedToday: jobs.filter((job) => job.status === 'completed').length,
    },
    jobs,
    upcoming: listed.filter((job) => job.date > TECHNICIAN_TODAY && job.date <= lastUpcoming),
    route: { ...work.route, homeZip: account.profile.homeZip },
  };
}

/** The visit's jobs share what it holds and what is owed. */
function refreshVisit(work: TechnicianWork, bookingId: string | null) {
  const visit = work.jobs.filter((job) => job.bookingId === bookingId);
  const serviceIds = visit.flatMap((job) => (job.serviceId ? [job.serviceId] : []));
  const due = visit
    .filter((job) => !job.paid && job.status !== 'cancelled')
    .reduce((sum, job) => sum + job.priceCents, 0);
  work.jobs = work.jobs.map((job) =>
    job.bookingId === bookingId
      ? { ...job, visitServiceIds: serviceIds, visitBalanceDueCents: due }
      : job,
  );
}

export const technicianWorkHandlers = [
  http.post('/api/technician-invitations/check', async ({ request }) => {
    const body = await readBody(request, invitationCheckRequestSchema);
    if (!body.ok) return gone();
    const invitation = findInvitation(body.data.token);
    if (!invitation.ok) return invitation.response;
    const { user } = invitation.account;
    return respond(invitationCheckResponseSchema, { email: user.email, name: user.name });
  }),

  http.post('/api/technician-invitations/accept', async ({ request }) => {
    const body = await readBody(request, setTechnicianPasswordRequestSchema);
    if (!body.ok) return body.response;
    const invitation = findInvitation(body.data.token);
    if (!invitation.ok) return invitation.response;
    const { account } = invitation;
    account.password = body.data.password;
    markPasswordChosen(account);
    state.invitations.set(body.data.token, { account, state: 'used' });
    signInAs(account);
    return respond(invitationAcceptResponseSchema, {
      onboardingComplete: account.onboardingComplete,
    });
  }),

  http.get('/api/technician/onboarding', () => {
    const access = requireTechnician();
    if (!access.ok) return access.response;
    return respond(onboardingResponseSchema, {
      profile: profileOf(access.account),
      passwordSet: state.passwordChosen.has(access.account.user.userId),
    });
  }),

  http.put('/api/technician/onboarding', async ({ request }) => {
    const access = requireTechnician();
    if (!access.ok) return access.response;
    const body = await readBody(request, onboardingRequestSchema);
    if (!body.ok) return body.response;
    const { account } = access;
    if (account.onboardingComplete) return apiError('CONFLICT', 'Onboarding is already complete.');
    const values = body.data;
    const keepsPassword = values.keepPassword === true;
    if (keepsPassword && !state.passwordChosen.has(account.user.userId)) {
      const message = TECHNICIAN_MESSAGES.noPasswordToKeep;
      return apiError('VALIDATION', message, { password: message });
    }
    if (!listsEveryArea(values.serviceAreaIds)) return unknownAreas();
    account.user = {
      ...account.user,
      // The admin's name stays; onboarding fills it only when the invitation had none.
      name: account.user.name.trim() === '' ? values.name : account.user.name,
      phone: formatPhone(values.phone),
      address: joinAddress(values),
    };
    account.profile = {
      ...account.profile,
      homeZip: values.homeZip,
      serviceAreaIds: values.serviceAreaIds,
      emergencyContact: values.emergencyContact,
      emergencyPhone: formatPhone(values.emergencyPhone),
    };
    if (!keepsPassword) {
      account.password = values.password;
      markPasswordChosen(account);
    }
    account.onboardingComplete = true;
    return respond(invitationAcceptResponseSchema, { onboardingComplete: true });
  }),

  http.get('/api/technician/dashboard', () => {
    const access = requireTechnician();
    if (!access.ok) return access.response;
    return respond(technicianDashboardResponseSchema, dashboardOf(access.work, access.account));
  }),

  http.put('/api/technician/duty', async ({ request }) => {
    const access = requireTechnician();
    if (!access.ok) return access.response;
    const body = await readBody(request, dutyRequestSchema);
    if (!body.ok) return body.response;
    access.work.status = body.data.onDuty ? 'available' : 'off-duty';
    return respond(dutyResponseSchema, { status: access.work.status });
  }),

  http.get('/api/technician/working-days', ({ request }) => {
    const access = requireTechnician();
    if (!access.ok) return access.response;
    const query = monthQuerySchema.safeParse({
      month: new URL(request.url).searchParams.get('month') ?? '',
    });
    if (!query.success) return apiError('VALIDATION', 'Use a month like 2026-12');
    const { month } = query.data;
    const days = [...access.work.workingDays].filter((day) => day.startsWith(`${month}-`)).sort();
    return respond(ownWorkingDaysResponseSchema, { month, today: TECHNICIAN_TODAY, days });
  }),

  http.put('/api/technician/working-days/:date', async ({ request, params }) => {
    const access = requireTechnician();
    if (!access.ok) return access.response;
    const param = dateParamSchema.safeParse(params);
    if (!param.success) return apiError('VALIDATION', 'Use a date like 2026-12-01');
    const { date } = param.data;
    const problem = workingDayProblem(date, TECHNICIAN_TODAY);
    if (problem) return apiError('VALIDATION', problem, { date: problem });
    const body = await readBody(request, workingDayRequestSchema);
    if (!body.ok) return body.response;
    const { working } = body.data;
    const { work } = access;
    if (working) work.workingDays.add(date);
    else work.workingDays.delete(date);
    work.status = statusAfterWorkingDayToggle(work.status, {
      date,
      today: TECHNICIAN_TODAY,
      working,
    });
    return respond(workingDayResponseSchema, { date, working, status: work.status });
  }),

  http.patch('/api/technician/jobs/:id/status', async ({ request, params }) => {
    const access = requireTechnician();
    if (!access.ok) return access.response;
    const { work } = access;
    const job = work.jobs.find((candidate) => candidate.id === params.id);
    if (!job) return apiError('NOT_FOUND', TECHNICIAN_MESSAGES.jobNotFound);
    if (job.status === 'cancelled') return apiError('CONFLICT', TECHNICIAN_MESSAGES.jobCancelled);
    const body = await readBody(request, jobStatusRequestSchema);
    if (!body.ok) return body.response;
    const { status, odometerMiles } = body.data;
    // Completing with a reading records it on the visit (every job of the visit shows it).
    const recorded = status === 'completed' && odometerMiles !== undefined;
    const updated = {
      ...job,
      status,
      ...(recorded ? { visitOdometerMiles: odometerMiles } : {}),
    };
    work.jobs = work.jobs.map((candidate) =>
      candidate.id === job.id
        ? updated
        : recorded && candidate.bookingId === job.bookingId
          ? { ...candidate, visitOdometerMiles: odometerMiles }
          : candidate,
    );
    if (work.status !== 'off-duty') {
      work.status = work.jobs.some((candidate) => candidate.status === 'in-progress')
        ? 'on-job'
        : 'available';
    }
    return respond(jobStatusResponseSchema, { job: updated, technicianStatus: work.status });
  }),

  http.post('/api/technician/jobs/:id/services', async ({ request, params }) => {
    const access = requireTechnician();
    if (!access.ok) return access.response;
    const { work } = access;
    const job = work.jobs.find((candidate) => candidate.id === params.id);
    if (!job) return apiError('NOT_FOUND', TECHNICIAN_MESSAGES.jobNotFound);
    const body = await readBody(request, addServicesRequestSchema);
    if (!body.ok) return body.response;
    const catalogue = storedServices();
    const chosen = body.data.serviceIds.map((id) => catalogue.find((service) => service.id === id));
    if (chosen.some((service) => !service)) {
      return apiError('VALIDATION', TECHNICIAN_MESSAGES.serviceUnknown, {
        serviceIds: TECHNICIAN_MESSAGES.serviceUnknown,
      });
    }
    if (body.data.serviceIds.some((id) => job.visitServiceIds.includes(id))) {
      return apiError('CONFLICT', TECHNICIAN_MESSAGES.servicesAlreadyOnVisit);
    }
    const added = chosen.map((service) =>
      makeJob({
        bookingId: job.bookingId,
        customerName: job.customerName,
        serviceId: service!.id,
        serviceName: service!.name,
        date: job.date,
        time: job.time,
        location: job.location,
        phone: job.phone,
        vehicleColor: job.vehicleColor,
        priceCents: service!.priceCents,
        paid: false,
      }),
    );
    work.jobs = [...work.jobs, ...added];
    refreshVisit(work, job.bookingId);
    const ids = new Set(added.map((one) => one.id));
    const answer = work.jobs.filter((candidate) => ids.has(candidate.id));
    const visitBalanceDueCents = answer[0]?.visitBalanceDueCents ?? 0;
    return respond(
      addServicesResponseSchema,
      { added: answer, visitBalanceDueCents },
      { status: 201 },
    );
  }),
];
