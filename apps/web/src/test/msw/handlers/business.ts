// Doubles of the business profile (GET /api/business, public; PUT for business:edit), which stores
// the phone as (XXX) XXX-XXXX whatever separators were typed, keeps the saved cancellation policy,
// reminder lead, maintenance reminder days, service areas and drive settings when a save leaves
// them out, gives a new service area an id and refuses an unknown one, as the server does.
import { DEFAULT_CANCELLATION_POLICY } from '@pitstop/shared/business/cancellation-policy';
import { DEFAULT_BUSINESS_HOURS } from '@pitstop/shared/business/hours';
import {
  businessProfileSchema,
  UNKNOWN_SERVICE_AREA,
  type BusinessProfile,
  type ServiceAreaInput,
} from '@pitstop/shared/business/profile';
import {
  DEFAULT_SERVICE_AREA_NAMES,
  type ServiceArea,
} from '@pitstop/shared/business/service-areas';
import { DEFAULT_DRIVE_SETTINGS } from '@pitstop/shared/scheduling/drive-time';
import { businessProfileResponseSchema } from '@pitstop/shared/business/responses';
import { formatPhone } from '@pitstop/shared/phone';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';

/** The four default areas with ids a test can name ('downtown', ...), no ZIPs: every ZIP served. */
export const TEST_SERVICE_AREAS: readonly ServiceArea[] = DEFAULT_SERVICE_AREA_NAMES.map(
  (name) => ({ id: name.toLowerCase().replace(/ /g, '-'), name, zips: [] }),
);

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
  serviceAreas: [...TEST_SERVICE_AREAS],
  ...DEFAULT_DRIVE_SETTINGS,
  slotMode: 'capacity',
};

let nextAreaId = 0;

/** Areas as saved: sent ids kept, new ones numbered; the field of an id the business lacks. */
function identifyAreas(
  saved: readonly ServiceArea[],
  sent: readonly ServiceAreaInput[],
): { areas: ServiceArea[] } | { field: string } {
  const known = new Set(saved.map((area) => area.id));
  const areas: ServiceArea[] = [];
  for (const [index, area] of sent.entries()) {
    if (area.id !== undefined && (!known.has(area.id) || areas.some((a) => a.id === area.id))) {
      return { field: `serviceAreas.${index}.id` };
    }
    areas.push({ id: area.id ?? `area-${(nextAreaId += 1)}`, name: area.name, zips: area.zips });
  }
  return { areas };
}

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
    const saved = state.business;
    const areas = body.data.serviceAreas
      ? identifyAreas(saved.serviceAreas, body.data.serviceAreas)
      : { areas: saved.serviceAreas };
    if ('field' in areas) {
      return apiError('VALIDATION', UNKNOWN_SERVICE_AREA, { [areas.field]: UNKNOWN_SERVICE_AREA });
    }
    state.business = {
      ...body.data,
      phone: formatPhone(body.data.phone),
      serviceAreas: areas.areas,
      roadFactorPercent: body.data.roadFactorPercent ?? saved.roadFactorPercent,
      averageSpeedMph: body.data.averageSpeedMph ?? saved.averageSpeedMph,
      minTravelMinutes: body.data.minTravelMinutes ?? saved.minTravelMinutes,
      slotMode: body.data.slotMode ?? saved.slotMode,
      cancellationPolicy: body.data.cancellationPolicy ?? state.business.cancellationPolicy,
      reminderLeadHours: body.data.reminderLeadHours ?? state.business.reminderLeadHours,
      maintenanceReminderDays:
        body.data.maintenanceReminderDays ?? state.business.maintenanceReminderDays,
    };
    return respond(businessProfileResponseSchema, state.business);
  }),
];
