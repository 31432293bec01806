// Returning customers type less: the phone and the address on their profile fill the booking form
// where it has none. What the form already holds wins, field by field for the phone and as a
// whole for the address (street, city and ZIP are never mixed from two places): a draft restored
// after signing in or after the payment page's Cancel, and anything typed while the profile loaded.
import type { Profile } from '@pitstop/shared/profile/responses';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ownProfileQueryOptions } from '../../lib/own-profile.ts';
import type { BookingFormApi } from './booking-form.ts';

const ADDRESS_FIELDS = ['address', 'city', 'zipCode'] as const;

function fillFromProfile(form: BookingFormApi, profile: Profile): void {
  if (profile.phone && !form.getValues('phone')) form.setValue('phone', profile.phone);
  const hasAddress = ADDRESS_FIELDS.some((field) => form.getValues(field));
  if (!profile.street || hasAddress) return;
  const parts = { address: profile.street, city: profile.city, zipCode: profile.zipCode };
  for (const field of ADDRESS_FIELDS) {
    if (parts[field]) form.setValue(field, parts[field]);
  }
}

export function useProfilePrefill(form: BookingFormApi, isSignedIn: boolean): void {
  const profile = useQuery({ ...ownProfileQueryOptions(), enabled: isSignedIn });
  // Once per visit of the page: a field emptied by hand later stays empty.
  const hasFilled = useRef(false);
  useEffect(() => {
    if (!profile.data || hasFilled.current) return;
    hasFilled.current = true;
    fillFromProfile(form, profile.data);
  }, [profile.data, form]);
}
