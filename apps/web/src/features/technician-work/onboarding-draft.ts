// What a technician has typed into onboarding, kept for this tab so a reload mid-wizard loses
// nothing: the step and the fields (the service areas ticked too), never the passwords. Keyed by the user, so another account in
// the same tab never sees it; cleared once onboarding is saved.
import type { OnboardingForm, onboardingRequestSchema } from '@pitstop/shared/technicians/forms';
import type { output } from 'zod/v4/core';

/** The fields in the wizard's order; the passwords are left out of the draft on purpose. */
export const ONBOARDING_FIELDS = [
  'name',
  'phone',
  'street',
  'city',
  'zipCode',
  'homeZip',
  'serviceAreaIds',
  'password',
  'confirmPassword',
  'emergencyContact',
  'emergencyPhone',
] as const satisfies readonly (keyof OnboardingForm)[];

type Field = (typeof ONBOARDING_FIELDS)[number];
type TextField = Exclude<Field, 'serviceAreaIds'>;
type KeptTextField = Exclude<TextField, 'password' | 'confirmPassword'>;

const KEPT_TEXT_FIELDS = ONBOARDING_FIELDS.filter(
  (field): field is KeptTextField =>
    field !== 'password' && field !== 'confirmPassword' && field !== 'serviceAreaIds',
);

/**
 * The wizard's values as typed: text everywhere but the service areas ticked (their ids), and
 * whether step 3 keeps the password the technician already chose (never kept in the draft either).
 */
export type OnboardingValues = Record<TextField, string> & {
  serviceAreaIds: string[];
  keepPassword?: boolean;
};

/** What the shared schema makes of them: what PUT /api/technician/onboarding is sent. */
export type OnboardingOutput = output<typeof onboardingRequestSchema>;

type OnboardingDraftFields = Partial<Omit<OnboardingValues, 'password' | 'confirmPassword'>>;

export interface OnboardingDraft {
  /** 0 to 3. */
  step: number;
  fields: OnboardingDraftFields;
}

const draftKey = (userId: string) => `pitstop.technician-onboarding.${userId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off: a reload then starts the wizard again.
    return null;
  }
}

export function saveOnboardingDraft(
  userId: string,
  step: number,
  values: Partial<OnboardingValues>,
): void {
  const fields: OnboardingDraftFields = {};
  for (const field of KEPT_TEXT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string') fields[field] = value;
  }
  if (Array.isArray(values.serviceAreaIds)) fields.serviceAreaIds = [...values.serviceAreaIds];
  try {
    storage()?.setItem(draftKey(userId), JSON.stringify({ step, fields }));
  } catch {
    // Full or refused: losing the draft costs some typing, not the onboarding.
  }
}

/** The saved draft, keeping only known fields with text values and a step of the wizard. */
export function loadOnboardingDraft(userId: string): OnboardingDraft | null {
  let data: unknown;
  try {
    data = JSON.parse(storage()?.getItem(draftKey(userId)) ?? 'null');
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const { step, fields } = data as Record<string, unknown>;
  const draft: OnboardingDraft = { step: 0, fields: {} };
  if (typeof step === 'number' && Number.isInteger(step) && step >= 0 && step <= 3) {
    draft.step = step;
  }
  if (fields && typeof fields === 'object') {
    const record = fields as Record<string, unknown>;
    for (const field of KEPT_TEXT_FIELDS) {
      const value = record[field];
      if (typeof value === 'string') draft.fields[field] = value;
    }
    const ids = record.serviceAreaIds;
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) {
      draft.fields.serviceAreaIds = ids as string[];
    }
  }
  return draft;
}

export function clearOnboardingDraft(userId: string): void {
  try {
    storage()?.removeItem(draftKey(userId));
  } catch {
    // Nothing to do.
  }
}
