import { describe, expect, it } from 'vitest';
import { customerProfileSchema, PROFILE_MESSAGES, technicianProfileSchema } from './forms.ts';

const customer = { name: 'Ada Lovelace', phone: '', street: '', city: '', zipCode: '' };
const technician = {
  ...customer,
  phone: '(555) 123-4567',
  street: '1 Main St',
  city: 'Springfield',
  zipCode: '12345',
  emergencyContact: 'Byron',
  emergencyPhone: '(555) 765-4321',
};

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  // The first message per field, as the server and the form show them.
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('profile form', () => {
  it('answers a body that is no object with its type message, never a throw', () => {
    for (const body of [null, 'text', 3, []]) {
      expect(customerProfileSchema.safeParse(body).success).toBe(false);
      expect(technicianProfileSchema.safeParse(body).success).toBe(false);
    }
  });

  it('lets a customer leave phone and address empty', () => {
    expect(customerProfileSchema.safeParse(customer).success).toBe(true);
  });

  it('needs a name, a 10-digit phone when one is given, and a whole address or none', () => {
    expect(messages(customerProfileSchema.safeParse({ ...customer, name: '  ' }))).toEqual({
      name: PROFILE_MESSAGES.name,
    });
    expect(messages(customerProfileSchema.safeParse({ ...customer, phone: '555' }))).toEqual({
      phone: PROFILE_MESSAGES.phone,
    });
    expect(messages(customerProfileSchema.safeParse({ ...customer, city: 'Springfield' }))).toEqual(
      { street: PROFILE_MESSAGES.street, zipCode: PROFILE_MESSAGES.zipCode },
    );
    expect(
      messages(
        customerProfileSchema.safeParse({
          ...customer,
          street: '1 Main',
          city: 'X',
          zipCode: '1234',
        }),
      ),
    ).toEqual({ zipCode: PROFILE_MESSAGES.zipCode });
    expect(
      customerProfileSchema.safeParse({
        ...customer,
        street: '1 Main',
        city: 'X',
        zipCode: '12345-6789',
      }).success,
    ).toBe(true);
  });

  it('refuses a comma in the city, which would split the stored address wrongly', () => {
    const result = customerProfileSchema.safeParse({
      ...customer,
      street: '1 Main',
      city: 'Spring, field',
      zipCode: '12345',
    });
    expect(messages(result)).toHaveProperty('city');
  });

  it('keeps what onboarding required of a technician required', () => {
    expect(technicianProfileSchema.safeParse(technician).success).toBe(true);
    expect(
      messages(
        technicianProfileSchema.safeParse({
          ...technician,
          phone: '',
          street: '',
          city: '',
          zipCode: '',
          emergencyContact: '',
          emergencyPhone: '123',
        }),
      ),
    ).toEqual({
      phone: PROFILE_MESSAGES.phone,
      street: PROFILE_MESSAGES.street,
      city: PROFILE_MESSAGES.city,
      zipCode: PROFILE_MESSAGES.zipCode,
      emergencyContact: PROFILE_MESSAGES.emergencyContact,
      emergencyPhone: PROFILE_MESSAGES.emergencyPhone,
    });
  });
});
