// The business profile the page-level tests answer GET /api/business with.
import { DEFAULT_BUSINESS_HOURS } from '@pitstop/shared/business/hours';
import type { BusinessProfile } from '@pitstop/shared/business/profile';

export const testBusiness: BusinessProfile = {
  name: 'Pitstop',
  phone: '(555) 123-4567',
  email: 'support@pitstop.example',
  timeZone: 'America/New_York',
  capacity: 2,
  hours: DEFAULT_BUSINESS_HOURS,
};
