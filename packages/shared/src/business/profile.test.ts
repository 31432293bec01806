import { describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY } from './cancellation-policy.ts';
import { DEFAULT_BUSINESS_HOURS } from './hours.ts';
import {
  badZipEntry,
  businessProfileFormSchema,
  businessProfileSchema,
  duplicateAreaName,
  zipInTwoAreas,
  zipEntriesFromText,
  zipEntriesText,
} from './profile.ts';
import { SERVICE_AREA_ZIPS_MAX, SERVICE_AREAS_MAX } from './service-areas.ts';

const valid = {
  name: 'Pitstop',
  phone: '(555) 010-4477',
  email: 'support@pitstop.example',
  timeZone: 'America/New_York',
  capacity: 2,
  hours: DEFAULT_BUSINESS_HOURS,
};

/** Field path -> message of the first issue, for a profile with `change` applied. */
function errors(change: Record<string, unknown>): Record<string, string> {
  const result = businessProfileSchema.safeParse({ ...valid, ...change });
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('businessProfileSchema', () => {
  it('accepts the default profile', () => {
    expect(businessProfileSchema.parse(valid)).toEqual(valid);
  });

  it('accepts a phone typed with other separators and refuses anything but 10 digits', () => {
    expect(errors({ phone: '555.987.6543' })).toEqual({});
    expect(errors({ phone: '555 987 6543' })).toEqual({});
    expect(errors({ phone: '' })).toEqual({ phone: 'Phone number is required' });
    expect(errors({ phone: null })).toEqual({ phone: 'Phone number is required' });
    const tenDigits = 'Enter a 10-digit phone number, e.g. (555) 123-4567';
    expect(errors({ phone: '555-0101' })).toEqual({ phone: tenDigits });
    expect(errors({ phone: '+1 555 987 6543' })).toEqual({ phone: tenDigits });
    expect(errors({ phone: '555-987-6543 ext' })).toEqual({ phone: tenDigits });
  });

  it('gives visits per time slot one clear message for every way it can be wrong', () => {
    const message = 'Visits per time slot must be a whole number from 1 to 50';
    for (const capacity of [0, -3, 51, 2.5, '3', null, Number.NaN]) {
      expect(errors({ capacity }), String(capacity)).toEqual({ capacity: message });
    }
    expect(errors({ capacity: 1 })).toEqual({});
    expect(errors({ capacity: 50 })).toEqual({});
  });

  it('names the problem with the name, e-mail and time zone', () => {
    expect(errors({ name: '  ' })).toEqual({ name: 'Business name is required' });
    expect(errors({ name: undefined })).toEqual({ name: 'Business name is required' });
    expect(errors({ name: 'x'.repeat(81) })).toEqual({ name: 'Business name is too long' });
    expect(errors({ email: 'nope' })).toEqual({ email: 'Invalid email address' });
    expect(errors({ email: 7 })).toEqual({ email: 'Invalid email address' });
    expect(errors({ timeZone: 'Mars/Olympus' })).toEqual({ timeZone: 'Unknown time zone' });
    expect(errors({ timeZone: '' })).toEqual({ timeZone: 'Unknown time zone' });
  });

  it('explains bad hours at the field they belong to', () => {
    const hours = (monday: unknown) => errors({ hours: { ...DEFAULT_BUSINESS_HOURS, monday } });
    expect(hours({ isOpen: true, openTime: '18:00', closeTime: '08:00' })).toEqual({
      'hours.monday.closeTime': 'Closing time must be after opening time',
    });
    expect(hours({ isOpen: true, openTime: '7am', closeTime: '19:00' })).toEqual({
      'hours.monday.openTime': 'Use a time such as 09:00',
    });
    expect(hours({ isOpen: 'yes', openTime: '07:00', closeTime: '19:00' })).toEqual({
      'hours.monday.isOpen': 'Choose open or closed',
    });
    expect(hours(undefined)).toEqual({ 'hours.monday': 'Enter the hours for this day' });
    expect(errors({ hours: undefined })).toEqual({ hours: 'Enter the hours for every day' });
  });

  it('takes the cancellation policy within its limits, and keeps it optional on a save', () => {
    const policy = (change: Record<string, unknown>) =>
      errors({ cancellationPolicy: { ...DEFAULT_CANCELLATION_POLICY, ...change } });
    expect(policy({})).toEqual({});
    expect(policy({ rescheduleCutoffHours: 0, cancelCutoffHours: 720 })).toEqual({});
    expect(policy({ lateCancellation: 'fixed-fee', lateFeeCents: 1_000_000 })).toEqual({});
    expect(policy({ lateCancellation: 'percentage', lateFeePercent: 100 })).toEqual({});
    const cutoff = 'Cut-off must be a whole number of hours from 0 to 720';
    for (const hours of [-1, 721, 1.5, '24', null]) {
      expect(policy({ cancelCutoffHours: hours }), String(hours)).toEqual({
        'cancellationPolicy.cancelCutoffHours': cutoff,
      });
    }
    expect(policy({ rescheduleCutoffHours: 1000 })).toEqual({
      'cancellationPolicy.rescheduleCutoffHours': cutoff,
    });
    const fee = 'Fee must be from $0.00 to $10,000.00';
    for (const cents of [-1, 1_000_001, 99.5, Number.NaN]) {
      expect(policy({ lateFeeCents: cents }), String(cents)).toEqual({
        'cancellationPolicy.lateFeeCents': fee,
      });
    }
    const percent = 'Percentage must be a whole number from 0 to 100';
    for (const value of [-5, 101, 12.5]) {
      expect(policy({ lateFeePercent: value }), String(value)).toEqual({
        'cancellationPolicy.lateFeePercent': percent,
      });
    }
    expect(policy({ lateCancellation: 'half' })).toEqual({
      'cancellationPolicy.lateCancellation': 'Choose what a late cancellation costs',
    });
    expect(policy({ cancelOnline: 'yes' })).toEqual({
      'cancellationPolicy.cancelOnline': 'Choose yes or no',
    });
    expect(businessProfileFormSchema.safeParse(valid).success).toBe(false);
  });
});

describe('service areas and drive settings', () => {
  const downtown = { id: 'downtown', name: 'Downtown', zips: ['30301', '303'] };
  const areas = (serviceAreas: unknown) => errors({ serviceAreas });

  it('takes 5-digit ZIP codes and 3-digit prefixes, trimmed, repeats collapsed', () => {
    const parsed = businessProfileSchema.parse({
      ...valid,
      serviceAreas: [
        { ...downtown, name: ' Downtown ', zips: [' 30301', '303', '30301 ', '303'] },
        { name: 'Midtown', zips: [] },
      ],
    });
    expect(parsed.serviceAreas).toEqual([
      { id: 'downtown', name: 'Downtown', zips: ['30301', '303'] },
      { name: 'Midtown', zips: [] },
    ]);
    expect(businessProfileSchema.parse(valid).serviceAreas).toBeUndefined();
    expect(areas([])).toEqual({});
  });

  it('names the first entry that is not a ZIP code or prefix at the area’s ZIP codes', () => {
    for (const entry of ['3030', '303011', '30301-1234', 'ABCDE', '']) {
      expect(areas([{ ...downtown, zips: ['30301', entry, 'x'] }]), entry).toEqual({
        'serviceAreas.0.zips': badZipEntry(entry),
      });
    }
    expect(badZipEntry('3030')).toBe('Use 5-digit ZIP codes or 3-digit prefixes: 3030');
    const tooMany = Array.from({ length: SERVICE_AREA_ZIPS_MAX + 1 }, (_, i) => String(10000 + i));
    expect(areas([{ ...downtown, zips: tooMany }])).toEqual({
      'serviceAreas.0.zips': 'An area can list at most 500 ZIP codes and prefixes',
    });
  });

  it('needs a name on one line, at most 40 characters, unlike the others', () => {
    expect(areas([{ ...downtown, name: ' ' }])).toEqual({
      'serviceAreas.0.name': 'Area name is required',
    });
    expect(areas([{ zips: [] }])).toEqual({ 'serviceAreas.0.name': 'Area name is required' });
    expect(areas([{ ...downtown, name: 'x'.repeat(41) }])).toEqual({
      'serviceAreas.0.name': 'Area name must be at most 40 characters',
    });
    expect(areas([{ ...downtown, name: 'x'.repeat(40) }])).toEqual({});
    expect(areas([{ ...downtown, name: 'Down\ttown' }])).toEqual({
      'serviceAreas.0.name': 'Area name must be on one line',
    });
    expect(
      areas([downtown, { name: 'Suburbs', zips: [] }, { name: 'DOWNTOWN ', zips: [] }]),
    ).toEqual({ 'serviceAreas.2.name': duplicateAreaName('DOWNTOWN') });
    expect(duplicateAreaName('DOWNTOWN')).toBe('Another area is already named DOWNTOWN');
  });

  it('lists a ZIP code or prefix in one area only; a ZIP under another area’s prefix is fine', () => {
    expect(
      areas([
        downtown,
        { name: 'Suburbs', zips: ['30062', '30301'] },
        { name: 'East', zips: ['303'] },
      ]),
    ).toEqual({
      'serviceAreas.1.zips': zipInTwoAreas('30301', 'Downtown'),
      'serviceAreas.2.zips': zipInTwoAreas('303', 'Downtown'),
    });
    expect(zipInTwoAreas('30301', 'Downtown')).toBe('30301 is already in Downtown');
    expect(areas([downtown, { name: 'Midtown', zips: ['30308'] }])).toEqual({});
    // The form's text of ZIP codes is checked the same way.
    expect(
      businessProfileFormSchema.shape.serviceAreas
        .safeParse([
          { name: 'Downtown', zips: '30301, 303' },
          { name: 'Suburbs', zips: '30062 30301' },
        ])
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
    ).toEqual([['1.zips', '30301 is already in Downtown']]);
  });

  it('keeps to SERVICE_AREAS_MAX areas', () => {
    const many = Array.from({ length: SERVICE_AREAS_MAX + 1 }, (_, i) => ({
      name: `Area ${i}`,
      zips: [],
    }));
    expect(areas(many)).toEqual({ serviceAreas: 'Keep to at most 20 service areas' });
    expect(areas(many.slice(1))).toEqual({});
  });

  it('gives each drive setting its range', () => {
    const road = 'Road factor must be from 1.0 to 3.0';
    const speed = 'Average speed must be a whole number of mph from 5 to 75';
    const buffer = 'Minimum time between visits must be a whole number of minutes from 0 to 120';
    for (const value of [99, 301, 130.5, '130', null]) {
      expect(errors({ roadFactorPercent: value }), String(value)).toEqual({
        roadFactorPercent: road,
      });
    }
    for (const value of [4, 76, 25.5]) {
      expect(errors({ averageSpeedMph: value }), String(value)).toEqual({ averageSpeedMph: speed });
    }
    for (const value of [-1, 121, 7.5]) {
      expect(errors({ minTravelMinutes: value }), String(value)).toEqual({
        minTravelMinutes: buffer,
      });
    }
    expect(errors({ roadFactorPercent: 100, averageSpeedMph: 75, minTravelMinutes: 0 })).toEqual(
      {},
    );
    expect(errors({ roadFactorPercent: 300, averageSpeedMph: 5, minTravelMinutes: 120 })).toEqual(
      {},
    );
  });

  it('reads each area’s ZIP codes from one text in the form', () => {
    expect(zipEntriesFromText(' 30301, 30302,303 ;30304\n30305 ')).toEqual([
      '30301',
      '30302',
      '303',
      '30304',
      '30305',
    ]);
    expect(zipEntriesFromText(' , ')).toEqual([]);
    expect(zipEntriesText(['30301', '303'])).toBe('30301, 303');
    const form = {
      ...valid,
      cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
      reminderLeadHours: 24,
      maintenanceReminderDays: 14,
      roadFactorPercent: 130,
      averageSpeedMph: 25,
      minTravelMinutes: 10,
      slotMode: 'capacity',
    };
    const parsed = businessProfileFormSchema.parse({
      ...form,
      serviceAreas: [{ id: 'a', name: 'Downtown', zips: '30301, 30302, 303, 30301' }],
    });
    expect(parsed.serviceAreas).toEqual([
      { id: 'a', name: 'Downtown', zips: ['30301', '30302', '303'] },
    ]);
    const bad = businessProfileFormSchema.safeParse({
      ...form,
      serviceAreas: [{ name: 'Downtown', zips: '30301, 3030' }],
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['serviceAreas.0.zips', badZipEntry('3030')],
    ]);
  });
});

describe('the slot mode', () => {
  it('is capacity or technicians, and left out keeps the saved one', () => {
    expect(businessProfileSchema.safeParse({ ...valid, slotMode: 'technicians' }).success).toBe(
      true,
    );
    expect(businessProfileSchema.safeParse({ ...valid, slotMode: 'capacity' }).success).toBe(true);
    const refused = businessProfileSchema.safeParse({ ...valid, slotMode: 'drivers' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Choose how slots are offered');
    expect(businessProfileSchema.parse(valid).slotMode).toBeUndefined();
  });
});
