// The profile form: personal info for everyone, and for technicians the extras (emergency contact
// and phone; their home ZIP and service areas are set at onboarding and by the admin). PUT
// /api/profile parses the same schema the page used, picked by the caller's role: a technician
// cannot blank what onboarding required.
import { z } from 'zod';
import { isZipCode } from './address.ts';
import {
  CONTROL_CHARACTERS_REFUSED,
  hasControlCharacters,
  isSingleLine,
  notOnOneLine,
  PERSON_NAME_MAX_LENGTH,
} from '../text.ts';
import {
  PHOTO_DATA_URL_MAX_LENGTH,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  readPhotoDataUrl,
} from './photo.ts';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully!',
  failed: 'Failed to update profile. Please try again.',
  name: 'Name is required',
  phone: 'Phone number must have 10 digits',
  street: 'Street address is required',
  city: 'City is required',
  zipCode: 'Valid ZIP code is required',
  homeZip: 'Enter a 5-digit ZIP code',
  /** Five digits, but no US ZIP the drive estimates know. */
  homeZipUnknown: 'Enter a US ZIP code: this one is not in the ZIP code list',
  serviceArea: 'Choose at least one service area',
  serviceAreaUnknown: 'Choose service areas from the list',
  emergencyContact: 'Emergency contact is required',
  emergencyPhone: 'Emergency phone must have 10 digits',
} as const;

/** How long the success message stays ("profile message clears after 3 s"). */
export const PROFILE_MESSAGE_MS = 3_000;

/**
 * One line of text of at most `max` characters, `field` naming it in the message when it is not
 * one line; `missing` is the message when it is not text at all.
 */
export function text(max: number, missing: string, field: string) {
  return z
    .string(missing)
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_REFUSED)
    .refine(isSingleLine, notOnOneLine(field));
}

/** Empty, or a phone of ten digits (the field formats it as (XXX) XXX-XXXX). */
export function optionalPhone(message: string, field = 'Phone') {
  return text(14, message, field).refine(
    (value) => value === '' || value.replace(/\D/g, '').length === 10,
    message,
  );
}

export const requiredPhone = (message: string, field?: string) =>
  optionalPhone(message, field).refine((value) => value !== '', message);

const personalInfo = {
  name: text(PERSON_NAME_MAX_LENGTH, PROFILE_MESSAGES.name, 'Name').refine(
    (value) => value !== '',
    PROFILE_MESSAGES.name,
  ),
  phone: optionalPhone(PROFILE_MESSAGES.phone),
  street: text(200, PROFILE_MESSAGES.street, 'Street address'),
  city: text(100, PROFILE_MESSAGES.city, 'City').refine(
    (value) => !value.includes(','),
    'City cannot contain a comma',
  ),
  zipCode: text(10, PROFILE_MESSAGES.zipCode, 'ZIP code').refine(
    (value) => value === '' || isZipCode(value),
    PROFILE_MESSAGES.zipCode,
  ),
};

/** An address is all three parts or none: half of one would send a technician nowhere. */
function wholeAddress(required: boolean) {
  return (profile: unknown, context: z.RefinementCtx) => {
    // Run even when the object is wrong (`always`): a body that is no object at all is reported
    // by its type check alone.
    if (typeof profile !== 'object' || profile === null) return;
    const part = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    const { street, city, zipCode } = profile as Record<string, unknown>;
    const parts = { street: part(street), city: part(city), zipCode: part(zipCode) };
    if (!required && Object.values(parts).every((value) => value === '')) return;
    for (const [field, value] of Object.entries(parts)) {
      if (value === '') {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: PROFILE_MESSAGES[field as keyof typeof parts],
        });
      }
    }
  };
}

// Checked even when another field is wrong, so every message shows at once.
const always = { when: () => true };

export const customerProfileSchema = z
  .object(personalInfo)
  .superRefine(wholeAddress(false), always);

/** A technician's profile: what onboarding asked for stays required. */
export const technicianProfileSchema = z
  .object({
    ...personalInfo,
    phone: requiredPhone(PROFILE_MESSAGES.phone),
    emergencyContact: text(
      PERSON_NAME_MAX_LENGTH,
      PROFILE_MESSAGES.emergencyContact,
      'Emergency contact',
    ).refine((value) => value !== '', PROFILE_MESSAGES.emergencyContact),
    emergencyPhone: requiredPhone(PROFILE_MESSAGES.emergencyPhone, 'Emergency phone'),
  })
  .superRefine(wholeAddress(true), always);

/**
 * PUT /api/profile as documented: the personal info, and the extras a technician sends. The
 * server then parses the body with the caller's own schema above.
 */
export const profileUpdateRequestSchema = z.object({
  ...personalInfo,
  emergencyContact: z.string().optional(),
  emergencyPhone: z.string().optional(),
});

/** PUT /api/profile/photo: the scaled-down picture as a data URL. */
export const photoRequestSchema = z.object({
  photo: z
    .string(PHOTO_MESSAGES.notImage)
    .max(PHOTO_DATA_URL_MAX_LENGTH, PHOTO_MESSAGES.tooLarge)
    .superRefine((value, context) => {
      const photo = readPhotoDataUrl(value);
      if (!photo) context.addIssue({ code: 'custom', message: PHOTO_MESSAGES.notImage });
      else if (photo.bytes > PHOTO_MAX_BYTES)
        context.addIssue({ code: 'custom', message: PHOTO_MESSAGES.tooLarge });
    }),
});
