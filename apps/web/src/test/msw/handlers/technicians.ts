// Doubles of the admin's technician endpoints (/api/technicians), deciding as
// apps/server/src/features/technicians does: the cards newest first, each month's working days,
// invite (an e-mail with an account is refused, 409 at the field), resend (a new link, shown
// while e-mail is not configured), edit and delete. Technicians are accounts with the technician
// role (test/msw/accounts.ts), so User Management's list shows the same people under the same ids.
import { joinAddress, splitAddress } from '@pitstop/shared/profile/address';
import {
  inviteTechnicianSchema,
  monthQuerySchema,
  technicianEditSchema,
} from '@pitstop/shared/technicians/forms';
import {
  resendInvitationResponseSchema,
  technicianListResponseSchema,
  technicianResponseSchema,
  workingDaysByTechnicianResponseSchema,
  type TechnicianCard,
} from '@pitstop/shared/technicians/responses';
import {
  canResendInvitation,
  monthRange,
  TECHNICIAN_MESSAGES,
  type TechnicianStatus,
} from '@pitstop/shared/technicians/rules';
import { http } from 'msw';
import * as z from 'zod/mini';
import {
  addAccount,
  findAccountByEmail,
  findAccountById,
  listAccounts,
  removeAccounts,
  requireAccess,
  TEST_NOW,
  type Account,
  type AccountSeed,
} from '../accounts.ts';
import { apiError, noContent, readBody, respond } from '../respond.ts';
import { coverageOf, listsEveryArea, unknownAreas } from './profile.ts';

const EMAIL_EXISTS = 'A user with this email already exists.';

/** What a card shows beyond the account: the admin's view of the technician's work. */
interface TechnicianExtras {
  status: TechnicianStatus;
  rating: number | null;
  ratingCount: number;
  completedJobs: number;
  nextAppointment: TechnicianCard['nextAppointment'];
  workingDays: Set<string>;
  /** The account has no e-mail the user list knows (the card says 'N/A'). */
  hasNoEmail: boolean;
}

export type TechnicianSeed = AccountSeed &
  Partial<Omit<TechnicianExtras, 'workingDays'>> & { workingDays?: string[] };

const state = {
  extras: new Map<string, TechnicianExtras>(),
  /** Whether a resent link is e-mailed (null answered) or handed back for the admin to copy. */
  invitationDelivery: 'link' as 'link' | 'email',
  nextLink: 1,
  invited: 0,
};

export function resetTechniciansState(): void {
  state.extras = new Map();
  state.invitationDelivery = 'link';
  state.nextLink = 1;
  state.invited = 0;
}

/** As the server without SMTP (`link`, the default) or with it (`email`). */
export function setInvitationDelivery(delivery: 'link' | 'email'): void {
  state.invitationDelivery = delivery;
}

/** A technician account with the card's extras (onboarded, available, working no days). */
export function seedTechnician(seed: TechnicianSeed = {}): Account {
  const {
    status,
    rating,
    ratingCount,
    completedJobs,
    nextAppointment,
    workingDays,
    hasNoEmail,
    ...account
  } = seed;
  const created = addAccount({ ...account, role: 'technician' });
  state.extras.set(created.user.id, {
    status: status ?? 'available',
    rating: rating ?? null,
    ratingCount: ratingCount ?? (rating == null ? 0 : 1),
    completedJobs: completedJobs ?? 0,
    nextAppointment: nextAppointment ?? null,
    workingDays: new Set(workingDays ?? []),
    hasNoEmail: hasNoEmail ?? false,
  });
  return created;
}

function extrasOf(account: Account): TechnicianExtras {
  let extras = state.extras.get(account.user.id);
  if (!extras) {
    extras = {
      status: 'available',
      rating: null,
      ratingCount: 0,
      completedJobs: 0,
      nextAppointment: null,
      workingDays: new Set(),
      hasNoEmail: false,
    };
    state.extras.set(account.user.id, extras);
  }
  return extras;
}

/** The card the server answers for `account`. */
function technicianCardOf(account: Account): TechnicianCard {
  const extras = extrasOf(account);
  const { user, profile } = account;
  return {
    id: user.id,
    userId: user.userId,
    name: user.name,
    email: extras.hasNoEmail ? 'N/A' : user.email,
    photoUrl: profile.photoUrl,
    rating: extras.rating,
    ratingCount: extras.ratingCount,
    completedJobs: extras.completedJobs,
    ...coverageOf(profile),
    status: extras.status,
    phone: user.phone,
    ...splitAddress(user.address),
    emergencyContact: profile.emergencyContact,
    emergencyPhone: profile.emergencyPhone,
    onboardingComplete: account.onboardingComplete,
    nextAppointment: extras.nextAppointment,
    createdAt: user.createdAt,
  };
}

function technicians(): Account[] {
  return listAccounts()
    .filter((account) => account.user.role === 'technician')
    .sort((a, b) => b.user.createdAt.localeCompare(a.user.createdAt));
}

function findTechnician(id: string): Account | undefined {
  const account = findAccountById(id);
  return account?.user.role === 'technician' ? account : undefined;
}

const notFound = () => apiError('NOT_FOUND', TECHNICIAN_MESSAGES.technicianNotFound);

export const techniciansHandlers = [
  http.get('/api/technicians', () => {
    const access = requireAccess('technician:read');
    if (!access.ok) return access.response;
    return respond(technicianListResponseSchema, {
      technicians: technicians().map(technicianCardOf),
    });
  }),

  http.get('/api/technicians/working-days', ({ request }) => {
    const access = requireAccess('technician:read');
    if (!access.ok) return access.response;
    const query = z.safeParse(monthQuerySchema, {
      month: new URL(request.url).searchParams.get('month') ?? '',
    });
    if (!query.success) {
      const message = query.error.issues[0]?.message ?? 'Use a month like 2026-12';
      return apiError('VALIDATION', message, { month: message });
    }
    const { month } = query.data;
    const { first, last } = monthRange(month);
    const days: Record<string, string[]> = {};
    for (const account of technicians()) {
      days[account.user.id] = [...extrasOf(account).workingDays]
        .filter((day) => day >= first && day <= last)
        .sort();
    }
    return respond(workingDaysByTechnicianResponseSchema, { month, days });
  }),

  http.post('/api/technicians/invitations', async ({ request }) => {
    const access = requireAccess('technician:invite');
    if (!access.ok) return access.response;
    const body = await readBody(request, inviteTechnicianSchema);
    if (!body.ok) return body.response;
    if (findAccountByEmail(body.data.email)) {
      return apiError('CONFLICT', EMAIL_EXISTS, { email: EMAIL_EXISTS });
    }
    // Later than every seeded account, so the newest-first list puts it on top.
    const createdAt = new Date(TEST_NOW.getTime() + ++state.invited * 60_000).toISOString();
    const account = addAccount({
      ...body.data,
      role: 'technician',
      createdAt,
      onboardingComplete: false,
    });
    return respond(
      technicianResponseSchema,
      { technician: technicianCardOf(account) },
      { status: 201 },
    );
  }),

  http.post('/api/technicians/:id/invitation', ({ params }) => {
    const access = requireAccess('technician:manage');
    if (!access.ok) return access.response;
    const account = findTechnician(String(params.id));
    if (!account) return notFound();
    if (!canResendInvitation(account)) {
      return apiError('CONFLICT', TECHNICIAN_MESSAGES.alreadyOnboarded);
    }
    const token = `resent-token-${state.nextLink++}-abcdefghijklmnop`;
    return respond(resendInvitationResponseSchema, {
      success: true,
      message: TECHNICIAN_MESSAGES.resent,
      loginLink:
        state.invitationDelivery === 'link'
          ? `http://localhost:3000/set-technician-password?token=${token}`
          : null,
    });
  }),

  http.patch('/api/technicians/:id', async ({ request, params }) => {
    const access = requireAccess('technician:manage');
    if (!access.ok) return access.response;
    const body = await readBody(request, technicianEditSchema);
    if (!body.ok) return body.response;
    const account = findTechnician(String(params.id));
    if (!account) return notFound();
    const { name, phone, street, city, zipCode, homeZip, serviceAreaIds } = body.data;
    const { emergencyContact, emergencyPhone } = body.data;
    if (serviceAreaIds && !listsEveryArea(serviceAreaIds)) return unknownAreas();
    account.user = {
      ...account.user,
      name,
      phone,
      address: joinAddress({ street, city, zipCode }),
    };
    account.profile = {
      ...account.profile,
      ...(homeZip === undefined ? {} : { homeZip }),
      ...(serviceAreaIds ? { serviceAreaIds } : {}),
      emergencyContact,
      emergencyPhone,
    };
    return respond(technicianResponseSchema, { technician: technicianCardOf(account) });
  }),

  http.delete('/api/technicians/:id', ({ params }) => {
    const access = requireAccess('technician:manage');
    if (!access.ok) return access.response;
    const account = findTechnician(String(params.id));
    if (!account) return notFound();
    removeAccounts((other) => other === account);
    state.extras.delete(account.user.id);
    return noContent();
  }),
];
