import { describe, expect, it } from 'vitest';
import { photoRequestSchema } from './forms.ts';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, readPhotoDataUrl } from './photo.ts';

/** Base64 of `bytes` bytes of 0x07 ('BwcH' is three of them). */
const base64Of = (bytes: number) =>
  'BwcH'.repeat(Math.floor(bytes / 3)) + ['', 'Bw==', 'Bwc='][bytes % 3];

describe('profile photo data URLs', () => {
  it('reads the type and the decoded size', () => {
    expect(readPhotoDataUrl(`data:image/png;base64,${base64Of(10)}`)).toMatchObject({
      type: 'image/png',
      bytes: 10,
    });
    expect(readPhotoDataUrl(`data:image/jpeg;base64,${base64Of(11)}`)?.bytes).toBe(11);
  });

  it('accepts images of the four kinds only, base64 only', () => {
    expect(readPhotoDataUrl(`data:image/svg+xml;base64,${base64Of(9)}`)).toBeNull();
    expect(readPhotoDataUrl(`data:text/html;base64,${base64Of(9)}`)).toBeNull();
    expect(readPhotoDataUrl('data:image/png,<svg onload=alert(1)>')).toBeNull();
    expect(readPhotoDataUrl('data:image/png;base64,abc')).toBeNull();
    expect(readPhotoDataUrl('https://example.com/a.png')).toBeNull();
  });

  it('refuses a photo over 2 MB with the message, and a non-image with its own', () => {
    const tooBig = photoRequestSchema.safeParse({
      photo: `data:image/jpeg;base64,${base64Of(PHOTO_MAX_BYTES + 3)}`,
    });
    expect(tooBig.error?.issues[0]?.message).toBe(PHOTO_MESSAGES.tooLarge);
    const largest = photoRequestSchema.safeParse({
      photo: `data:image/webp;base64,${base64Of(PHOTO_MAX_BYTES)}`,
    });
    expect(largest.success).toBe(true);
    const notImage = photoRequestSchema.safeParse({ photo: 'data:text/plain;base64,AAAA' });
    expect(notImage.error?.issues[0]?.message).toBe(PHOTO_MESSAGES.notImage);
  });
});
