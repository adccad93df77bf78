/*
 * Photos taken on a tablet are 3–12 MB; stored in the outbox and uploaded over a weak connection that is
 * far too much for what an attachment shows. Before a photo is kept it is decoded, scaled so that its long
 * side is at most IMAGE_MAX_SIDE and encoded again as JPEG. Decoding applies the EXIF orientation
 * (imageOrientation 'from-image'), so the pixels come out upright and the new file needs no EXIF.
 */

/** The long side of a stored photo, in pixels. */
export const IMAGE_MAX_SIDE = 1600;
/** JPEG quality of a stored photo (0–1). */
export const IMAGE_QUALITY = 0.8;
export const JPEG_TYPE = 'image/jpeg';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** What an image's first bytes say it is: JPEG (FF D8 FF), PNG (89 'PNG' CR LF 1A LF) or GIF (GIF87a / GIF89a). */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))
    return 'image/gif';
  return null;
}

/** The size that fits `width` × `height` within `maxSide` on its long side, keeping the proportions; never larger. */
export function fitWithin(width: number, height: number, maxSide = IMAGE_MAX_SIDE): { width: number; height: number } {
  const longSide = Math.max(width, height);
  if (longSide <= maxSide || longSide === 0) return { width, height };
  const scale = maxSide / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `photo.png` → `photo.jpg`; a name without an extension gets one. */
export function jpegFileName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError';
}

export interface PreparedImage {
  blob: Blob;
  type: ImageType;
  /** True when the image was decoded and encoded again (scaled and/or converted to JPEG). */
  converted: boolean;
  width?: number;
  height?: number;
}

export interface CompressOptions {
  maxSide?: number;
  quality?: number;
}

type DrawingContext = Pick<CanvasRenderingContext2D, 'drawImage' | 'fillRect'> & { fillStyle: string | CanvasGradient | CanvasPattern };

interface Surface {
  context: DrawingContext | null;
  encode: (type: string, quality: number) => Promise<Blob | null>;
}

/** An OffscreenCanvas where there is one (workers, modern browsers), else a detached <canvas>. */
function surfaceOf(width: number, height: number): Surface {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    return {
      context: canvas.getContext('2d') as DrawingContext | null,
      encode: (type, quality) => canvas.convertToBlob({ type, quality }).catch(() => null),
    };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    context: canvas.getContext('2d'),
    encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)),
  };
}

async function decode(file: Blob): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

/**
 * The photo as it is stored: scaled to `maxSide` and encoded as JPEG at `quality`. When the browser cannot
 * decode or encode it, the original is kept (it is a JPEG, PNG or GIF: the server takes those). A JPEG that is
 * already small enough and would not shrink stays as it is. Throws NotAnImageError for anything else.
 */
export async function compressImage(file: Blob, options: CompressOptions = {}): Promise<PreparedImage> {
  const maxSide = options.maxSide ?? IMAGE_MAX_SIDE;
  const quality = options.quality ?? IMAGE_QUALITY;
  const type = imageTypeOf(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type) throw new NotAnImageError('The file is not a JPEG, PNG or GIF image.');
  const original: PreparedImage = { blob: file, type, converted: false };

  const bitmap = await decode(file);
  if (!bitmap) return original;
  const size = fitWithin(bitmap.width, bitmap.height, maxSide);
  const scaled = size.width !== bitmap.width || size.height !== bitmap.height;
  let encoded: Blob | null = null;
  try {
    const surface = surfaceOf(size.width, size.height);
    if (surface.context) {
      // JPEG has no transparency: a transparent PNG or GIF would turn black without a background.
      surface.context.fillStyle = '#ffffff';
      surface.context.fillRect(0, 0, size.width, size.height);
      surface.context.drawImage(bitmap, 0, 0, size.width, size.height);
      encoded = await surface.encode(JPEG_TYPE, quality);
    }
  } catch {
    encoded = null;
  } finally {
    bitmap.close();
  }
  if (!encoded || encoded.size === 0) return original;
  if (type === JPEG_TYPE && !scaled && encoded.size >= file.size) return original;
  return { blob: encoded, type: JPEG_TYPE, converted: true, width: size.width, height: size.height };
}
