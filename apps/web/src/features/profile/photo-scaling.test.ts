import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@pitstop/shared/profile/photo';
import { describe, expect, it } from 'vitest';
import { fitWithin, photoFileProblem } from './photo-scaling.ts';

describe('fitWithin', () => {
  it('brings the long side down to 512 px and keeps the proportions', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 512, height: 384 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 384, height: 512 });
    expect(fitWithin({ width: 2000, height: 2000 })).toEqual({ width: 512, height: 512 });
  });

  it('rounds to whole pixels', () => {
    expect(fitWithin({ width: 1000, height: 333 })).toEqual({ width: 512, height: 170 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
    expect(fitWithin({ width: 512, height: 100 })).toEqual({ width: 512, height: 100 });
  });

  it('keeps at least one pixel on the short side', () => {
    expect(fitWithin({ width: 10_000, height: 3 })).toEqual({ width: 512, height: 1 });
  });

  it('takes another limit', () => {
    expect(fitWithin({ width: 800, height: 600 }, 100)).toEqual({ width: 100, height: 75 });
  });

  it('refuses a picture without a size', () => {
    expect(() => fitWithin({ width: 0, height: 10 })).toThrow(RangeError);
    expect(() => fitWithin({ width: Number.NaN, height: 10 })).toThrow(RangeError);
  });
});

describe('photoFileProblem', () => {
  it('takes JPEG, PNG, WebP and GIF up to 2 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(photoFileProblem({ type, size: PHOTO_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses anything that is not one of those images', () => {
    for (const type of ['application/pdf', 'image/svg+xml', 'text/plain', '']) {
      expect(photoFileProblem({ type, size: 1000 })).toBe(PHOTO_MESSAGES.notImage);
    }
  });

  it('refuses a file over 2 MB', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe(
      PHOTO_MESSAGES.tooLarge,
    );
  });
});
