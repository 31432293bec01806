import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  includedItemTakenMessage,
  isIncludedItemTaken,
  isSameServiceName,
  MAX_INCLUDED_ITEM_LENGTH,
  MAX_INCLUDED_ITEMS,
  isValidDuration,
  moveItem,
  parseDurationMinutes,
  serviceIdFromName,
} from './catalog.ts';
import { serviceFormSchema, serviceMoveSchema } from './forms.ts';

describe('serviceIdFromName', () => {
  it('lowercases, hyphenates non-alphanumerics and trims edge hyphens', () => {
    expect(serviceIdFromName('Basic Oil Change')).toBe('basic-oil-change');
    expect(serviceIdFromName('  Tire & Brake -- Check! ')).toBe('tire-brake-check');
    expect(serviceIdFromName('!!!')).toBe('');
  });

  it('keeps digits, drops accents and punctuation, and collapses runs of separators', () => {
    expect(serviceIdFromName('5W-30 Oil (Synthetic)')).toBe('5w-30-oil-synthetic');
    expect(serviceIdFromName('Café Check')).toBe('caf-check');
    expect(serviceIdFromName('---A---')).toBe('a');
  });

  it('always yields lowercase alphanumerics joined by single hyphens, never at the edges', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const id = serviceIdFromName(name);
        expect(id).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(serviceIdFromName(id)).toBe(id);
      }),
    );
  });
});

describe('isSameServiceName', () => {
  it('compares names the way ids are made: case and punctuation do not count', () => {
    expect(isSameServiceName('Basic Oil Change', 'basic oil change')).toBe(true);
    expect(isSameServiceName('Basic Oil Change', '  BASIC  oil-change! ')).toBe(true);
    expect(isSameServiceName('Basic Oil Change', 'Basic Oil Change Plus')).toBe(false);
  });
});

describe('parseDurationMinutes', () => {
  it('averages a range and reads a single value', () => {
    expect(parseDurationMinutes('30-45 minutes')).toBe(37.5);
    expect(parseDurationMinutes('30-45')).toBe(37.5);
    expect(parseDurationMinutes('30 - 45 mins')).toBe(37.5);
    expect(parseDurationMinutes('45 minutes')).toBe(45);
    expect(parseDurationMinutes('45')).toBe(45);
    expect(parseDurationMinutes('1 minute')).toBe(1);
    expect(parseDurationMinutes('60-90 minutes')).toBe(75);
  });

  it('reads every built-in duration', () => {
    expect(
      ['30-45 minutes', '45-60 minutes', '30 minutes', '60-90 minutes'].map(parseDurationMinutes),
    ).toEqual([37.5, 52.5, 30, 75]);
  });

  it('falls back to 45 minutes when unknown or unparsable', () => {
    expect(parseDurationMinutes(undefined)).toBe(45);
    expect(parseDurationMinutes(null)).toBe(45);
    expect(parseDurationMinutes('')).toBe(45);
    expect(parseDurationMinutes('about an hour')).toBe(45);
    expect(parseDurationMinutes('1 hour')).toBe(45);
    expect(parseDurationMinutes('0 minutes')).toBe(45);
    expect(parseDurationMinutes('90-30 minutes')).toBe(45);
  });

  it('accepts only well-formed durations', () => {
    expect(isValidDuration('30-45 minutes')).toBe(true);
    expect(isValidDuration('45 minutes')).toBe(true);
    expect(isValidDuration('soon')).toBe(false);
    expect(isValidDuration('0 minutes')).toBe(false);
  });
});

describe('moveItem', () => {
  it('moves one item and shifts those between by one', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(['a', 'b', 'c', 'd'], 2, 2)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('leaves the input alone and refuses positions out of range', () => {
    const items = ['a', 'b', 'c'];
    moveItem(items, 0, 2);
    expect(items).toEqual(['a', 'b', 'c']);
    expect(() => moveItem(items, 3, 0)).toThrow(RangeError);
    expect(() => moveItem(items, 0, 3)).toThrow(RangeError);
    expect(() => moveItem(items, -1, 0)).toThrow(RangeError);
  });

  it('keeps the others in their relative order and shifts only those between', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(), fc.nat(), (length, a, b) => {
        const items = Array.from({ length }, (_, i) => i);
        const from = a % length;
        const to = b % length;
        const moved = moveItem(items, from, to);
        expect(moved.filter((x) => x !== from)).toEqual(items.filter((x) => x !== from));
        for (const [index, item] of moved.entries()) {
          const outside = index < Math.min(from, to) || index > Math.max(from, to);
          if (outside) expect(item).toBe(index);
        }
      }),
    );
  });

  it('always yields a permutation of the input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1 }), fc.nat(), fc.nat(), (items, a, b) => {
        const from = a % items.length;
        const to = b % items.length;
        const moved = moveItem(items, from, to);
        expect([...moved].sort()).toEqual([...items].sort());
        expect(moved[to]).toBe(items[from]);
      }),
    );
  });
});

describe('serviceFormSchema price', () => {
  const base = { name: 'Tire Rotation', icon: 'Gauge', duration: '30 minutes' };
  const parse = (price: unknown) => serviceFormSchema.safeParse({ ...base, price });
  const message = (price: unknown) => parse(price).error?.issues[0]?.message;

  it('reads a number or a numeric string, and defaults empty or absent to 0', () => {
    expect(parse(49.99).data?.price).toBe(49.99);
    expect(parse('12.50').data?.price).toBe(12.5);
    expect(parse(' 7 ').data?.price).toBe(7);
    expect(parse('.5').data?.price).toBe(0.5);
    expect(parse('').data?.price).toBe(0);
    expect(parse('   ').data?.price).toBe(0);
    expect(parse(undefined).data?.price).toBe(0);
    expect(serviceFormSchema.parse(base).price).toBe(0);
  });

  it('refuses anything that is not a number instead of coercing it', () => {
    for (const price of [true, false, null, [], {}, 'abc', '1e3', '$5', '12,50', '1.2.3', NaN]) {
      expect(message(price), JSON.stringify(price)).toBe('Price must be a number, e.g. 49.99');
    }
  });

  it('refuses a negative price, more than two decimals and an absurd amount', () => {
    expect(message(-1)).toBe('Price cannot be negative');
    expect(message('-0.01')).toBe('Price cannot be negative');
    expect(message(10.999)).toBe('Price can have at most two decimals');
    expect(message('10.001')).toBe('Price can have at most two decimals');
    expect(message(100_000.01)).toBe('Price is too high');
    expect(parse(0.1 + 0.2).data?.price).toBeCloseTo(0.3);
    expect(parse(19.99).success).toBe(true);
  });
});

describe('serviceFormSchema other fields', () => {
  it('says what is wrong with a name of the wrong type or an empty one', () => {
    const parse = (name: unknown) =>
      serviceFormSchema.safeParse({ name, icon: 'Gauge', duration: '30 minutes' }).error?.issues[0]
        ?.message;
    expect(parse(undefined)).toBe('Service name is required');
    expect(parse(42)).toBe('Service name is required');
    expect(parse('   ')).toBe('Service name is required');
    expect(parse('***')).toBe('Service name must contain letters or numbers');
  });
});

describe('serviceFormSchema includes', () => {
  const parse = (includes: unknown) =>
    serviceFormSchema.safeParse({ name: 'Oil', icon: 'Gauge', duration: '30 minutes', includes });

  it('refuses an item listed twice, ignoring case and spaces, at the repeated item', () => {
    const issues = parse(['Fluid check', 'Filter', '  fluid CHECK ']).error?.issues;
    expect(issues).toHaveLength(1);
    expect(issues?.[0]?.message).toBe('“fluid CHECK” is already on the list.');
    expect(issues?.[0]?.path).toEqual(['includes', 2]);
  });

  it('keeps distinct items and drops blank ones, even several', () => {
    expect(parse(['Filter', '', '  ', 'Oil']).data?.includes).toEqual(['Filter', 'Oil']);
  });

  it('enforces the exported limits', () => {
    const full = Array.from({ length: MAX_INCLUDED_ITEMS }, (_, index) => `Item ${index}`);
    expect(parse(full).success).toBe(true);
    expect(parse([...full, 'One more']).error?.issues[0]?.message).toBe(
      `At most ${MAX_INCLUDED_ITEMS} included items`,
    );
    expect(parse(['x'.repeat(MAX_INCLUDED_ITEM_LENGTH)]).success).toBe(true);
    expect(parse(['x'.repeat(MAX_INCLUDED_ITEM_LENGTH + 1)]).error?.issues[0]?.message).toBe(
      'An included item is too long',
    );
  });
});

describe('isIncludedItemTaken', () => {
  it('matches ignoring case and surrounding spaces', () => {
    expect(isIncludedItemTaken(['Oil'], ' oIL ')).toBe(true);
    expect(isIncludedItemTaken(['Oil'], 'Oil filter')).toBe(false);
    expect(includedItemTakenMessage(' Oil ')).toBe('“Oil” is already on the list.');
  });
});

describe('serviceMoveSchema', () => {
  it('takes a whole, non-negative position', () => {
    expect(serviceMoveSchema.safeParse({ order: 0 }).success).toBe(true);
    expect(serviceMoveSchema.safeParse({ order: -1 }).error?.issues[0]?.message).toBe(
      'Position out of range',
    );
    expect(serviceMoveSchema.safeParse({ order: 1.5 }).error?.issues[0]?.message).toBe(
      'Position must be a whole number',
    );
    expect(serviceMoveSchema.safeParse({ order: '2' }).error?.issues[0]?.message).toBe(
      'Position must be a whole number',
    );
  });
});
