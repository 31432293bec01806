// Schemas for the technician screens: the invitation, the set-password page, the four onboarding
// steps, the admin's edit dialog and the technician's own requests. Each route parses its body with
// the same schema its form used.
import { z } from 'zod';
import { emailSchema, newPasswordSchema, PASSWORDS_DO_NOT_MATCH } from '../auth/forms.ts';
import { optionalPhone, PROFILE_MESSAGES, requiredPhone, text } from '../profile/forms.ts';
import { isoDateSchema } from '../dates.ts';
import { isZipCode } from '../profile/address.ts';
import { SERVICE_AREAS_MAX } from '../business/service-areas.ts';
import { PERSON_NAME_MAX_LENGTH } from '../text.ts';
import { ARRIVAL_MINUTES, VISIT_MESSAGE_WORDS } from '../notifications/visit-texts.ts';
import { CONTROL_CHARACTERS_REFUSED, hasControlCharacters } from '../text.ts';
import { TECHNICIAN_JOB_STATUSES, TECHNICIAN_MESSAGES } from './rules.ts';

const required = (max: number, message: string, field: string) =>
  text(max, message, field).refine((value) => value !== '', message);

/** Invite Technician: full name and e-mail, both trimmed. */
export const inviteTechnicianSchema = z.object({
  name: required(PERSON_NAME_MAX_LENGTH, 'Name is required', 'Name'),
  email: emailSchema,
});
export type InviteTechnicianForm = z.input<typeof inviteTechnicianSchema>;

const passwordPair = z.object({
  password: newPasswordSchema,
  confirmPassword: z.string().max(128),
});

function passwordsMatch(form: unknown, context: z.RefinementCtx) {
  if (typeof form !== 'object' || form === null) return;
  const { password, confirmPassword } = form as Record<string, unknown>;
  if (password !== confirmPassword) {
    context.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: PASSWORDS_DO_NOT_MATCH,
    });
  }
}

// Checked even when another field is wrong, so every message shows at once.
const always = { when: () => true };

/** /set-technician-password: 6+ characters, both equal. */
export const setTechnicianPasswordFormSchema = passwordPair.superRefine(passwordsMatch, always);
export type SetTechnicianPasswordForm = z.input<typeof setTechnicianPasswordFormSchema>;

/** The one-time token from the invitation link. */
export const invitationTokenSchema = z
  .string('This link is not valid or has already been used.')
  .regex(/^[A-Za-z0-9_-]{20,100}$/, TECHNICIAN_MESSAGES.linkInvalid);

export const invitationCheckRequestSchema = z.object({ token: invitationTokenSchema });

export const setTechnicianPasswordRequestSchema = passwordPair
  .extend({ token: invitationTokenSchema })
  .superRefine(passwordsMatch, always);

// ---------------------------------------------------------------- onboarding

const zipCode = text(10, PROFILE_MESSAGES.zipCode, 'ZIP code').refine(
  isZipCode,
  PROFILE_MESSAGES.zipCode,
);
const city = required(100, PROFILE_MESSAGES.city, 'City').refine(
  (value) => !value.includes(','),
  'City cannot contain a comma',
);

/**
 * Onboarding's password step. A technician who already chose a password (through the invitation's
 * link) may keep it (`keepPassword`, and the server checks there is one to keep); otherwise a new
 * one of 6+ characters, typed twice. Left out, `keepPassword` is false.
 */
const passwordChoice = z.object({
  keepPassword: z.boolean('keepPassword must be true or false').optional(),
  password: z
    .string('Password is required')
    .max(128, 'Password must be at most 128 characters long'),
  confirmPassword: z.string().max(128),
});

function checkPasswordChoice(form: unknown, context: z.RefinementCtx) {
  if (typeof form !== 'object' || form === null) return;
  const { keepPassword, password } = form as Record<string, unknown>;
  if (keepPassword === true) return;
  const [problem] = newPasswordSchema.safeParse(password).error?.issues ?? [];
  if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem.message });
  passwordsMatch(form, context);
}

/** A technician's home base: five digits, where their day's driving starts and ends. */
const homeZip = z
  .string(PROFILE_MESSAGES.homeZip)
  .trim()
  .regex(/^\d{5}$/, PROFILE_MESSAGES.homeZip);

/**
 * The business's service areas a technician covers, by id: none twice. Whether each is in the
 * business's list is the server's check (the list can change while a form is open).
 */
const serviceAreaIds = z
  .array(z.string().max(100, PROFILE_MESSAGES.serviceAreaUnknown), PROFILE_MESSAGES.serviceArea)
  .max(SERVICE_AREAS_MAX, PROFILE_MESSAGES.serviceAreaUnknown)
  .refine((ids) => new Set(ids).size === ids.length, PROFILE_MESSAGES.serviceAreaUnknown);

/** The four steps: basic info, work info, password, emergency contact. */
export const onboardingStepSchemas = [
  z.object({
    name: required(PERSON_NAME_MAX_LENGTH, PROFILE_MESSAGES.name, 'Name'),
    phone: requiredPhone(PROFILE_MESSAGES.phone),
  }),
  z.object({
    street: required(200, PROFILE_MESSAGES.street, 'Street address'),
    city,
    zipCode,
    homeZip,
    serviceAreaIds: serviceAreaIds.min(1, PROFILE_MESSAGES.serviceArea),
  }),
  // The spec leaves the confirmation unwired; we enforce it.
  passwordChoice.superRefine(checkPasswordChoice, always),
  z.object({
    emergencyContact: required(
      PERSON_NAME_MAX_LENGTH,
      PROFILE_MESSAGES.emergencyContact,
      'Emergency contact',
    ),
    emergencyPhone: requiredPhone(PROFILE_MESSAGES.emergencyPhone, 'Emergency phone'),
  }),
] as const;

export const ONBOARDING_STEP_TITLES = [
  'Basic Info',
  'Work Info',
  'Password',
  'Emergency Contact',
] as const;

/** PUT /api/technician/onboarding: every step at once, as the final step sends it. */
export const onboardingRequestSchema = z
  .object({
    ...onboardingStepSchemas[0].shape,
    ...onboardingStepSchemas[1].shape,
    ...passwordChoice.shape,
    ...onboardingStepSchemas[3].shape,
  })
  .superRefine(checkPasswordChoice, always);
export type OnboardingForm = z.input<typeof onboardingRequestSchema>;

// ---------------------------------------------------------------- admin edit

/**
 * The admin's edit dialog: the name is required; the rest may still be empty for a technician
 * who has not onboarded yet, but what is there must be valid. The address is all or nothing.
 * The home ZIP ('' or null: none) and the service areas, left out, stay as they are.
 */
export const technicianEditSchema = z
  .object({
    name: required(PERSON_NAME_MAX_LENGTH, PROFILE_MESSAGES.name, 'Name'),
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
    homeZip: z
      .union([z.null(), z.literal(''), homeZip], PROFILE_MESSAGES.homeZip)
      .transform((value) => (value === '' ? null : value))
      .optional(),
    serviceAreaIds: serviceAreaIds.optional(),
    emergencyContact: text(
      PERSON_NAME_MAX_LENGTH,
      PROFILE_MESSAGES.emergencyContact,
      'Emergency contact',
    ),
    emergencyPhone: optionalPhone(PROFILE_MESSAGES.emergencyPhone, 'Emergency phone'),
  })
  .superRefine((form, context) => {
    if (typeof form !== 'object' || form === null) return;
    const part = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    const { street, city: cityValue, zipCode: zip } = form as Record<string, unknown>;
    const parts = { street: part(street), city: part(cityValue), zipCode: part(zip) };
    if (Object.values(parts).every((value) => value === '')) return;
    for (const [field, value] of Object.entries(parts)) {
      if (value === '') {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: PROFILE_MESSAGES[field as keyof typeof parts],
        });
      }
    }
  }, always);
export type TechnicianEditForm = z.input<typeof technicianEditSchema>;
export type TechnicianEdit = z.output<typeof technicianEditSchema>;

// ---------------------------------------------------------------- the technician's own requests

export const dutyRequestSchema = z.object({ onDuty: z.boolean('onDuty must be true or false') });

export const workingDayRequestSchema = z.object({
  working: z.boolean('working must be true or false'),
});

export const dateParamSchema = z.object({ date: isoDateSchema('Use a date like 2026-12-01') });

/** A month of the years the app books in (a year like 0000 is no date PostgreSQL knows). */
export const monthQuerySchema = z.object({
  month: z.string().regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-12'),
});

/** The highest odometer reading a visit's record takes, in miles. */
const MAX_ODOMETER_MILES = 2_000_000;

export const JOB_RECORD_MESSAGES = {
  odometer: 'Enter the odometer reading in whole miles (0 to 2,000,000)',
  oilUsed: 'Oil used: at most 60 characters',
  note: 'Note: at most 500 characters',
  confirmLower: 'Yes, the reading is right',
  /** The answer (409 ODOMETER_LOWER) to a reading below the vehicle's last one, unconfirmed. */
  lower: (lastMiles: number) =>
    `This reading is lower than the last one (${lastMiles.toLocaleString('en-US')} miles). Check it, or confirm it is right.`,
} as const;

const odometerMilesSchema = z
  .number(JOB_RECORD_MESSAGES.odometer)
  .int(JOB_RECORD_MESSAGES.odometer)
  .min(0, JOB_RECORD_MESSAGES.odometer)
  .max(MAX_ODOMETER_MILES, JOB_RECORD_MESSAGES.odometer);

/** Free text of a visit's record: trimmed, line breaks allowed, no other control characters. */
const recordText = (max: number, message: string) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_REFUSED);

/**
 * What a technician records when completing a job: the odometer (and the oil used, a note), and
 * whether they confirm a reading lower than the vehicle's last one.
 */
const jobRecordFields = {
  odometerMiles: odometerMilesSchema.optional(),
  oilUsed: recordText(60, JOB_RECORD_MESSAGES.oilUsed).optional(),
  note: recordText(500, JOB_RECORD_MESSAGES.note).optional(),
  confirmLowerOdometer: z.boolean('confirmLowerOdometer must be true or false').optional(),
};

/**
 * PATCH /api/technician/jobs/:id/status. Completing may carry the visit's record (jobRecordFields):
 * the job card always asks for the odometer; the API leaves it optional (no reading, no record).
 */
export const jobStatusRequestSchema = z.object({
  status: z.enum(TECHNICIAN_JOB_STATUSES, 'Choose scheduled, in-progress or completed'),
  ...jobRecordFields,
});
export type JobStatusRequest = z.infer<typeof jobStatusRequestSchema>;

/** The job card's Complete form: the odometer as typed (required), the oil used and a note. */
export const jobCompletionFormSchema = z.object({
  odometerMiles: z
    .string(JOB_RECORD_MESSAGES.odometer)
    .trim()
    .transform((value) => value.replace(/[,\s]/g, ''))
    .refine((value) => /^\d{1,7}$/.test(value), JOB_RECORD_MESSAGES.odometer)
    .transform(Number)
    .pipe(odometerMilesSchema),
  oilUsed: recordText(60, JOB_RECORD_MESSAGES.oilUsed),
  note: recordText(500, JOB_RECORD_MESSAGES.note),
});
export type JobCompletionForm = z.input<typeof jobCompletionFormSchema>;
export type JobCompletionValues = z.output<typeof jobCompletionFormSchema>;

const ARRIVAL_CHOICE = 'Choose when you will arrive';

/**
 * On my way / Running late: the arrival in minutes from now (one of ARRIVAL_MINUTES) or a time
 * on the business's clock (HH:MM, later than now: the server checks that).
 */
export const arrivalRequestSchema = z
  .object({
    minutes: z
      .number(ARRIVAL_CHOICE)
      .refine((value) => (ARRIVAL_MINUTES as readonly number[]).includes(value), ARRIVAL_CHOICE)
      .optional(),
    at: z
      .string(VISIT_MESSAGE_WORDS.arrivalInPast)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 10:40')
      .optional(),
  })
  .refine((value) => (value.minutes === undefined) !== (value.at === undefined), {
    message: ARRIVAL_CHOICE,
    path: ['minutes'],
  });
export type ArrivalRequest = z.infer<typeof arrivalRequestSchema>;

/** Add Services: at least one, each from the catalogue (checked by the server), none twice. */
export const addServicesRequestSchema = z.object({
  serviceIds: z
    .array(z.string().max(100), TECHNICIAN_MESSAGES.chooseService)
    .min(1, TECHNICIAN_MESSAGES.chooseService)
    .max(20, TECHNICIAN_MESSAGES.serviceUnknown)
    .refine((ids) => new Set(ids).size === ids.length, TECHNICIAN_MESSAGES.serviceUnknown),
});

/** Assigning a technician to an appointment (staff): a technician's profile id, or null. */
export const assignTechnicianRequestSchema = z.object({
  technicianId: z.union([z.uuid(TECHNICIAN_MESSAGES.technicianNotFound), z.null()]),
  /** Assign even though the technician's schedule conflicts (the warning was read). */
  override: z.boolean('Choose whether to assign anyway').optional(),
});

/** Up to 31 business-local dates, comma separated: the days a page of appointments is on. */
export const assignableQuerySchema = z.object({
  dates: z
    .string()
    .max(31 * 11, 'Ask for at most 31 dates')
    .transform((value) => [...new Set(value.split(',').filter((item) => item !== ''))])
    .pipe(z.array(isoDateSchema('Use dates like 2026-12-01')).max(31, 'Ask for at most 31 dates'))
    .optional(),
});
