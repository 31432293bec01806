import { describe, expect, it } from 'vitest';
import {
  areaForZip,
  areaNames,
  DEFAULT_SERVICE_AREA_NAMES,
  servesZip,
  zipFive,
  zipNotServedMessage,
} from './service-areas.ts';
import type { ServiceArea } from './service-areas.ts';

const areas: ServiceArea[] = [
  { id: 'downtown', name: 'Downtown', zips: ['303'] },
  { id: 'suburbs', name: 'Suburbs', zips: ['30030', '300'] },
  { id: 'midtown', name: 'Midtown', zips: ['30308', '303'] },
  { id: 'west', name: 'West Side', zips: [] },
];

describe('zipFive', () => {
  it('takes a five-digit ZIP or ZIP+4, trimmed', () => {
    expect(zipFive('30303')).toBe('30303');
    expect(zipFive('30303-1234')).toBe('30303');
    expect(zipFive('  30303 ')).toBe('30303');
    expect(zipFive('00501')).toBe('00501');
  });

  it('refuses anything else', () => {
    for (const junk of [
      '',
      '3030',
      '303030',
      '30303-12',
      '30303 1234',
      'abcde',
      '3O303',
      '303-03',
    ]) {
      expect(zipFive(junk), junk).toBeNull();
    }
  });
});

describe('areaForZip', () => {
  it('finds the area listing the ZIP or its 3-digit prefix', () => {
    expect(areaForZip(areas, '30312')?.id).toBe('downtown');
    expect(areaForZip(areas, '30021')?.id).toBe('suburbs');
    expect(areaForZip(areas, '30312-0001')?.id).toBe('downtown');
  });

  it('prefers an area listing the ZIP itself over an earlier one listing its prefix', () => {
    expect(areaForZip(areas, '30308')?.id).toBe('midtown');
    expect(areaForZip(areas, '30030')?.id).toBe('suburbs');
  });

  it('takes the first in the list among areas listing the same prefix', () => {
    expect(areaForZip(areas, '30309')?.id).toBe('downtown');
    const reversed = [areas[2]!, areas[0]!];
    expect(areaForZip(reversed, '30309')?.id).toBe('midtown');
  });

  it('finds nothing for an uncovered or malformed ZIP', () => {
    expect(areaForZip(areas, '10001')).toBeUndefined();
    expect(areaForZip(areas, '303')).toBeUndefined();
    expect(areaForZip(areas, 'junk')).toBeUndefined();
    expect(areaForZip([], '30303')).toBeUndefined();
  });
});

describe('servesZip', () => {
  it('serves every ZIP while no area lists one (a fresh install)', () => {
    const fresh = DEFAULT_SERVICE_AREA_NAMES.map((name, i) => ({ id: `a${i}`, name, zips: [] }));
    expect(servesZip(fresh, '10001')).toBe(true);
    expect(servesZip([], '10001')).toBe(true);
  });

  it('serves only covered ZIPs once some area lists one', () => {
    expect(servesZip(areas, '30303')).toBe(true);
    expect(servesZip(areas, '30030-5555')).toBe(true);
    expect(servesZip(areas, '10001')).toBe(false);
    expect(servesZip(areas, 'junk')).toBe(false);
  });
});

describe('zipNotServedMessage', () => {
  it('names the ZIP and the phone number', () => {
    expect(zipNotServedMessage('12345', '(555) 010-4477')).toBe(
      "Sorry, we don't serve ZIP 12345 yet. Call us at (555) 010-4477.",
    );
    expect(zipNotServedMessage(' 12345 ', '(555) 010-4477')).toBe(
      "Sorry, we don't serve ZIP 12345 yet. Call us at (555) 010-4477.",
    );
  });
});

describe('areaNames', () => {
  it("lists the named areas in the business's order, leaving unknown ids out", () => {
    expect(areaNames(areas, ['west', 'downtown'])).toEqual(['Downtown', 'West Side']);
    expect(areaNames(areas, ['gone', 'suburbs'])).toEqual(['Suburbs']);
    expect(areaNames(areas, [])).toEqual([]);
  });
});
