// The profile form's values: personal info for everyone, and a technician's extras. The form
// checks them with the schema of the viewer's role (packages/shared/src/profile/forms.ts), as
// PUT /api/profile does.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { customerProfileSchema, technicianProfileSchema } from '@pitstop/shared/profile/forms';
import type { Profile } from '@pitstop/shared/profile/responses';
import type { Resolver } from 'react-hook-form';

export interface ProfileFields {
  name: string;
  phone: string;
  street: string;
  city: string;
  zipCode: string;
  /** A technician's only; a customer's form leaves them out of what it sends. */
  emergencyContact?: string;
  emergencyPhone?: string;
}

/** The fields in the order the page shows them: server messages land on them in this order. */
export const PROFILE_FIELDS = [
  'name',
  'phone',
  'street',
  'city',
  'zipCode',
  'emergencyContact',
  'emergencyPhone',
] as const satisfies readonly (keyof ProfileFields)[];

export function profileFieldsOf(profile: Profile): ProfileFields {
  const personal = {
    name: profile.name,
    phone: profile.phone,
    street: profile.street,
    city: profile.city,
    zipCode: profile.zipCode,
  };
  if (profile.role !== 'technician') return personal;
  return {
    ...personal,
    emergencyContact: profile.emergencyContact,
    emergencyPhone: profile.emergencyPhone,
  };
}

/** Either schema reads and answers a subset of ProfileFields, so one form type serves both. */
export function profileResolver(isTechnician: boolean): Resolver<ProfileFields> {
  return standardSchemaResolver<ProfileFields, unknown, ProfileFields>(
    isTechnician ? technicianProfileSchema : customerProfileSchema,
  );
}
