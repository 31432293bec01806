import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../profile/forms.ts';
import { onboardingStepSchemas, technicianEditSchema } from './forms.ts';

const workInfo = {
  street: '12 Wrench Way',
  city: 'Springfield',
  zipCode: '12345',
  homeZip: ' 30303 ',
  serviceAreaIds: ['downtown'],
};

const edit = {
  name: 'Tess',
  phone: '',
  street: '',
  city: '',
  zipCode: '',
  emergencyContact: '',
  emergencyPhone: '',
};

function fieldMessages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('onboarding step 2: home ZIP and service areas', () => {
  it('takes five digits and at least one area, none twice', () => {
    expect(onboardingStepSchemas[1].parse(workInfo)).toMatchObject({ homeZip: '30303' });
    for (const homeZip of [
      '',
      '3030',
      '303030',
      '30303-1234',
      'abcde',
      '<img src=x onerror=a()>',
    ]) {
      expect(fieldMessages(onboardingStepSchemas[1].safeParse({ ...workInfo, homeZip }))).toEqual({
        homeZip: PROFILE_MESSAGES.homeZip,
      });
    }
    expect(
      fieldMessages(onboardingStepSchemas[1].safeParse({ ...workInfo, serviceAreaIds: [] })),
    ).toEqual({ serviceAreaIds: PROFILE_MESSAGES.serviceArea });
    expect(
      fieldMessages(
        onboardingStepSchemas[1].safeParse({ ...workInfo, serviceAreaIds: ['a', 'a'] }),
      ),
    ).toEqual({ serviceAreaIds: PROFILE_MESSAGES.serviceAreaUnknown });
  });
});

describe("the admin's edit: home ZIP and service areas", () => {
  it('leaves them out, or takes none, or five digits and areas', () => {
    expect(technicianEditSchema.parse(edit)).not.toHaveProperty('homeZip');
    expect(technicianEditSchema.parse({ ...edit, homeZip: '', serviceAreaIds: [] })).toMatchObject({
      homeZip: null,
      serviceAreaIds: [],
    });
    expect(technicianEditSchema.parse({ ...edit, homeZip: null })).toMatchObject({
      homeZip: null,
    });
    expect(
      technicianEditSchema.parse({ ...edit, homeZip: '30303', serviceAreaIds: ['x', 'y'] }),
    ).toMatchObject({ homeZip: '30303', serviceAreaIds: ['x', 'y'] });
    for (const homeZip of ['303', '<img src=x onerror=a()>', 30303]) {
      expect(fieldMessages(technicianEditSchema.safeParse({ ...edit, homeZip }))).toEqual({
        homeZip: PROFILE_MESSAGES.homeZip,
      });
    }
  });
});
