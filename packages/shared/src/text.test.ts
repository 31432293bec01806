import { describe, expect, it } from 'vitest';
import { adminSetupFormSchema } from './auth/forms.ts';
import { bookingFormSchema } from './booking/forms.ts';
import { businessProfileSchema } from './business/profile.ts';
import { customerProfileSchema } from './profile/forms.ts';
import { serviceFormSchema } from './services/forms.ts';
import { technicianEditSchema } from './technicians/forms.ts';
import { vehicleFormSchema } from './vehicles/forms.ts';
import {
  hasControlCharacters,
  isSingleLine,
  notOnOneLine,
  PERSON_NAME_MAX_LENGTH,
} from './text.ts';
import { createUserSchema, updateUserSchema } from './users/forms.ts';

describe('hasControlCharacters', () => {
  it('finds NUL and the other control characters, but not tabs or line breaks', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001fy', '\u007f']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['', 'plain', 'tab\tline\nreturn\r\n', 'Ünïcödé ✓', 'a\u2028b']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('finds the C1 controls too (NEL, CSI), but not the letters after them', () => {
    for (const text of ['a\u0080b', 'next\u0085line', '\u009b31m', '\u009f']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    expect(hasControlCharacters('\u00a0\u00e9')).toBe(false);
  });
});

describe('isSingleLine', () => {
  it('refuses every line break and control character, tab included', () => {
    const breaks = ['\r', '\n', '\r\n', '\t', '\u0000', '\u001f', '\u007f', '\u0085', '\u009f'];
    for (const text of [...breaks, '\u2028', '\u2029'].map((c) => `1 Main St${c}URL:x`)) {
      expect(isSingleLine(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('accepts one line of any script, with the punctuation addresses and names have', () => {
    for (const text of [
      '',
      '1 Main St, Apt. 4; rear',
      'O’Brien-Smith',
      'Zoë Ålund',
      '東京 1-2',
      '🚗 \\ "x"',
    ]) {
      expect(isSingleLine(text), JSON.stringify(text)).toBe(true);
    }
  });
});

describe('single-line fields in the shared forms', () => {
  const message = (
    result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
    field: string,
  ) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

  it('refuse a line break with the field’s name, and a booking’s description keeps its lines', () => {
    const booking = {
      services: ['basic-oil-change'],
      date: '2099-01-05',
      time: '10:00',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(555) 123-4567',
      address: '1 Main St',
      city: 'Springfield',
      zipCode: '12345',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleYear: '2018',
      vehicleColor: 'Blue',
      licensePlate: 'ADA 1815',
      description: 'Gate code 1234\r\nRing twice',
      idempotencyKey: '00000000-0000-4000-8000-000000000000',
    };
    const broken = bookingFormSchema.safeParse({ ...booking, address: '1 Main St\rURL:x' });
    expect(message(broken, 'address')).toBe(notOnOneLine('Address'));
    expect(
      message(bookingFormSchema.safeParse({ ...booking, city: 'Spring\nfield' }), 'city'),
    ).toBe('City must be on one line');
    expect(message(bookingFormSchema.safeParse(booking), 'description')).toBeUndefined();

    const profile = { name: 'Ada\u2028Lovelace', phone: '', street: '', city: '', zipCode: '' };
    expect(message(customerProfileSchema.safeParse(profile), 'name')).toBe(
      'Name must be on one line',
    );
    const vehicle = {
      make: 'Toyota',
      model: 'Camry',
      year: '2019',
      color: 'Bl\nue',
      licensePlate: 'AB 123',
    };
    expect(message(vehicleFormSchema.safeParse(vehicle), 'color')).toBe(
      'Color must be on one line',
    );
    const technician = {
      name: 'Tess\rURL:x',
      phone: '',
      street: '',
      city: '',
      zipCode: '',
      homeZip: '',
      serviceAreaIds: [],
      emergencyContact: '',
      emergencyPhone: '',
    };
    expect(message(technicianEditSchema.safeParse(technician), 'name')).toBe(
      'Name must be on one line',
    );
    const service = {
      name: 'Wipers\nATTACH:x',
      icon: 'Wrench',
      description: 'Two\nlines',
      price: 1,
      duration: '15 minutes',
      includes: [],
    };
    expect(message(serviceFormSchema.safeParse(service), 'name')).toBe(
      'Service name must be on one line',
    );
    expect(
      message(serviceFormSchema.safeParse({ ...service, name: 'Wipers' }), 'description'),
    ).toBeUndefined();
    expect(message(businessProfileSchema.safeParse({ name: 'Pit\rstop' }), 'name')).toBe(
      'Business name must be on one line',
    );
  });
});

describe('a person’s name', () => {
  it('has one length limit in every form that takes it', () => {
    const base = { email: 'a@example.com', password: 'secret1', confirmPassword: 'secret1' };
    const fits = 'x'.repeat(PERSON_NAME_MAX_LENGTH);
    const tooLong = `${fits}x`;
    expect(adminSetupFormSchema.safeParse({ ...base, name: fits }).success).toBe(true);
    expect(adminSetupFormSchema.safeParse({ ...base, name: tooLong }).success).toBe(false);
    const user = { ...base, role: 'customer' };
    expect(createUserSchema.safeParse({ ...user, name: fits }).success).toBe(true);
    expect(createUserSchema.safeParse({ ...user, name: tooLong }).success).toBe(false);
    expect(updateUserSchema.safeParse({ name: tooLong }).success).toBe(false);
  });
});
