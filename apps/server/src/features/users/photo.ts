// A profile photo arrives as a data URL. The shared schema has checked its type
// and size; here the bytes must really be that kind of image, so nothing else (an HTML page, an
// SVG with a script) is ever stored and served back as a picture.
import { readPhotoDataUrl, type PhotoType } from '@pitstop/shared/profile/photo';

const SIGNATURES: Record<PhotoType, (bytes: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) =>
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export interface DecodedPhoto {
  type: PhotoType;
  bytes: Buffer;
}

/** The image in a data URL, or null when it is not one of the accepted kinds. */
export function decodePhoto(dataUrl: string): DecodedPhoto | null {
  const photo = readPhotoDataUrl(dataUrl);
  if (!photo) return null;
  const bytes = Buffer.from(photo.base64, 'base64');
  return SIGNATURES[photo.type](bytes) ? { type: photo.type, bytes } : null;
}
