// Doubles of the business profile (GET /api/business, public; PUT for business:edit), which stores
// the phone as (XXX) XXX-XXXX whatever separators were typed, and keeps the saved cancellation
// policy, reminder lead and maintenance reminder days when a save leaves them out, as the server does.
import { DEFAULT_CANCELLATION_POLICY } from '@pitstop/shared/business/cancellation-policy';
import { DEFAULT_BUSINESS_HOURS } from '@pitstop/shared/business/hours';
import { businessProfileSchema, type BusinessProfile } from '@pitstop/shared/business/profile';
import { businessProfileResponseSchema } from '@pitstop/shared/business/responses';
import { formatPhone } from '@pitstop/shared/phone';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { readBody, respond } from '../respond.ts';

/** The profile every test starts with. */
export const TEST_BUSINESS: BusinessProfile = {
  name: 'Pitstop',
  phone: '(555) 123-4567',
  email: 'support@pitstop.example',
  timeZone: 'America/New_York',
  capacity: 2,
  hours: DEFAULT_BUSINESS_HOURS,
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
  reminderLeadHours: 24,
  maintenanceReminderDays: 14,
};

const state = { business: TEST_BUSINESS };

export function resetBusinessState(): void {
  state.business = TEST_BUSINESS;
}

export function seedBusiness(business: BusinessProfile): void {
  state.business = business;
}

export function storedBusiness(): BusinessProfile {
  return state.business;
}

export const businessHandlers = [
  http.get('/api/business', () => respond(businessProfileResponseSchema, state.business)),

  http.put('/api/business', async ({ request }) => {
    const access = requireAccess('business:edit');
    if (!access.ok) return access.response;
    const body = await readBody(request, businessProfileSchema);
    if (!body.ok) return body.response;
    state.business = {
      ...body.data,
      phone: formatPhone(body.data.phone),
      cancellationPolicy: body.data.cancellationPolicy ?? state.business.cancellationPolicy,
      reminderLeadHours: body.data.reminderLeadHours ?? state.business.reminderLeadHours,
      maintenanceReminderDays:
        body.data.maintenanceReminderDays ?? state.business.maintenanceReminderDays,
    };
    return respond(businessProfileResponseSchema, state.business);
  }),
];
