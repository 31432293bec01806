// A chosen profile photo, made ready in the browser (docs/decisions/019-profile-photos-and-garage.md):
// images only and at most 2 MB as chosen, then scaled so its long side is at most
// PHOTO_MAX_DIMENSION px and re-encoded as a JPEG data URL, which PUT /api/profile/photo takes.
// A phone's 4000 px photo becomes some tens of kilobytes instead of megabytes on a mobile network.
import {
  isPhotoType,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_DIMENSION,
  PHOTO_MESSAGES,
} from '@pitstop/shared/profile/photo';

const PHOTO_JPEG_QUALITY = 0.85;

/** Why `file` cannot be a profile photo, or null when it may. */
export function photoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isPhotoType(file.type)) return PHOTO_MESSAGES.notImage;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The size to draw a `width` × `height` picture at: proportions kept, the long side at most
 * `max`, never enlarged, and at least 1 px each way (a 4000 × 3 panorama still has a height).
 */
export function fitWithin({ width, height }: Size, max = PHOTO_MAX_DIMENSION): Size {
  if (!(width > 0 && height > 0)) throw new RangeError('An image has a positive width and height');
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

interface DecodedImage extends Size {
  source: CanvasImageSource;
  release: () => void;
}

/** Decodes `file`: createImageBitmap where there is one (it follows EXIF rotation), else <img>. */
async function decode(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    const { width, height } = bitmap;
    return { source: bitmap, width, height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const { naturalWidth: width, naturalHeight: height } = image;
    return { source: image, width, height, release: () => URL.revokeObjectURL(url) };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

/** `file` scaled down and encoded as a JPEG data URL; rejects when the browser cannot read it. */
export async function scalePhoto(file: Blob): Promise<string> {
  const image = await decode(file);
  try {
    const size = fitWithin(image);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the image');
    // JPEG has no transparency: a transparent PNG's background becomes white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', PHOTO_JPEG_QUALITY);
  } finally {
    image.release();
  }
}
