// Doubles of the signed-in user's own profile (/api/profile and its photo), deciding as the server
// does: the form's schema picked by role (a technician keeps what onboarding required), the
// address stored as "street, city, zip", the phone as (XXX) XXX-XXXX, and a new photo served at a
// new versioned address at the PROFILE's id (the viewer's profileId, never the auth user's id).
// The summary counts the appointments and garage doubles' records.
import { joinAddress, splitAddress } from '@pitstop/shared/profile/address';
import {
  customerProfileSchema,
  photoRequestSchema,
  PROFILE_MESSAGES,
  technicianProfileSchema,
} from '@pitstop/shared/profile/forms';
import { profileResponseSchema, type Profile } from '@pitstop/shared/profile/responses';
import { formatPhone } from '@pitstop/shared/phone';
import { http } from 'msw';
import { requireAccess, viewerOf, type Account } from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';
import { countMyAppointments } from './appointments.ts';
import { storedBusiness } from './business.ts';
import { garageOf } from './vehicles.ts';

const state = { photoVersion: 1 };

export function resetProfileState(): void {
  state.photoVersion = 1;
}

/** Where the server would serve `account`'s next photo: under the profile's id, as /api/me says. */
function photoUrlFor(account: Account, version: number): string {
  return `/api/profiles/${viewerOf(account).profileId}/photo?v=${version}`;
}

/**
 * A technician's coverage as the server answers it: only the areas the business still lists, by
 * their names now, in its order.
 */
export function coverageOf({ homeZip, serviceAreaIds }: Account['profile']) {
  const listed = storedBusiness().serviceAreas.filter((area) => serviceAreaIds.includes(area.id));
  return {
    homeZip,
    serviceAreaIds: listed.map((area) => area.id),
    serviceAreas: listed.map((area) => area.name),
  };
}

/** Whether the business lists every one of these areas now, as the server checks on a save. */
export function listsEveryArea(ids: readonly string[]): boolean {
  return ids.every((id) => storedBusiness().serviceAreas.some((area) => area.id === id));
}

/** The server's 422 for an area the business does not list. */
export function unknownAreas() {
  const message = PROFILE_MESSAGES.serviceAreaUnknown;
  return apiError('VALIDATION', message, { serviceAreaIds: message });
}

/** The profile as the server answers it (GET /api/profile, and onboarding's start). */
export function profileOf(account: Account): Profile {
  const { user, profile } = account;
  return {
    id: viewerOf(account).profileId,
    email: user.email,
    role: user.role,
    name: user.name,
    phone: user.phone,
    ...splitAddress(user.address),
    photoUrl: profile.photoUrl,
    emergencyContact: profile.emergencyContact,
    emergencyPhone: profile.emergencyPhone,
    ...coverageOf(profile),
    onboardingComplete: account.onboardingComplete,
    memberSince: user.createdAt,
    summary: {
      ...countMyAppointments(account),
      vehicles: user.role === 'technician' ? 0 : garageOf(account).length,
    },
  };
}

const answer = (account: Account) =>
  respond(profileResponseSchema, { profile: profileOf(account) });

export const profileHandlers = [
  http.get('/api/profile', () => {
    const access = requireAccess('profile:edit:own');
    if (!access.ok) return access.response;
    return answer(access.account);
  }),

  http.put('/api/profile', async ({ request }) => {
    const access = requireAccess('profile:edit:own');
    if (!access.ok) return access.response;
    const { account } = access;
    if (account.user.role === 'technician') {
      const body = await readBody(request, technicianProfileSchema);
      if (!body.ok) return body.response;
      const { emergencyContact, emergencyPhone } = body.data;
      account.profile = {
        ...account.profile,
        emergencyContact,
        emergencyPhone: formatPhone(emergencyPhone),
      };
      account.user = { ...account.user, ...personalInfo(body.data) };
    } else {
      const body = await readBody(request, customerProfileSchema);
      if (!body.ok) return body.response;
      account.user = { ...account.user, ...personalInfo(body.data) };
    }
    return answer(account);
  }),

  http.put('/api/profile/photo', async ({ request }) => {
    const access = requireAccess('profile:edit:own');
    if (!access.ok) return access.response;
    const body = await readBody(request, photoRequestSchema);
    if (!body.ok) return body.response;
    const { account } = access;
    account.profile = { ...account.profile, photoUrl: photoUrlFor(account, state.photoVersion++) };
    return answer(account);
  }),

  http.delete('/api/profile/photo', () => {
    const access = requireAccess('profile:edit:own');
    if (!access.ok) return access.response;
    access.account.profile = { ...access.account.profile, photoUrl: null };
    return answer(access.account);
  }),
];

function personalInfo(values: {
  name: string;
  phone: string;
  street: string;
  city: string;
  zipCode: string;
}) {
  return { name: values.name, phone: formatPhone(values.phone), address: joinAddress(values) };
}
