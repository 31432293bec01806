// Profile photos (images only, stored as a data URL, at most 2 MB before encoding). The browser
// scales a chosen picture down before it uploads it; the server checks the type, the decoded size
// and that the bytes really are that kind of image.

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The longest side, in pixels, of the picture the browser uploads. */
export const PHOTO_MAX_DIMENSION = 512;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const PHOTO_MESSAGES = {
  notImage: 'Please choose an image file (JPEG, PNG, WebP or GIF).',
  tooLarge: 'Please choose an image of 2 MB or less.',
  unreadable: 'This image could not be read. Please choose another.',
  updated: 'Profile photo updated successfully!',
  removed: 'Profile photo removed.',
  failed: 'Failed to update profile photo. Please try again.',
} as const;

/** The body of a data URL a photo may be, about 4/3 of the 2 MB it decodes to. */
export const PHOTO_DATA_URL_MAX_LENGTH =
  'data:image/webp;base64,'.length + Math.ceil(PHOTO_MAX_BYTES / 3) * 4;

export function isPhotoType(type: string): type is PhotoType {
  return (PHOTO_TYPES as readonly string[]).includes(type);
}

const DATA_URL = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The type and the decoded size of a base64 image data URL, or null when it is not one. */
export function readPhotoDataUrl(
  value: string,
): { type: PhotoType; bytes: number; base64: string } | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const [, type = '', base64 = ''] = match;
  if (!isPhotoType(type) || base64.length % 4 !== 0) return null;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return { type, bytes: (base64.length / 4) * 3 - padding, base64 };
}
