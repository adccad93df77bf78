import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IMAGE_MAX_SIDE,
  IMAGE_QUALITY,
  NotAnImageError,
  compressImage,
  fitWithin,
  imageTypeOf,
  jpegFileName,
} from '../../../src/lib/images';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe1];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const fileOf = (head: number[] | string, size: number, type: string) =>
  new Blob([bytes(head), new Uint8Array(Math.max(0, size - head.length))], { type });

interface Drawn {
  canvas: { width: number; height: number };
  calls: string[];
  encoded: { type?: string; quality?: number }[];
}

/** A browser's decoder and canvas, as far as compressImage uses them. */
function fakeBrowser(options: { width: number; height: number; encodedSize?: number; decodeFails?: boolean; encodeFails?: boolean }) {
  const drawn: Drawn = { canvas: { width: 0, height: 0 }, calls: [], encoded: [] };
  const bitmap = { width: options.width, height: options.height, close: vi.fn() };
  const decoder = vi.fn(async (_blob: Blob, settings?: ImageBitmapOptions) => {
    drawn.calls.push(`decode:${settings?.imageOrientation}`);
    if (options.decodeFails) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return bitmap;
  });
  class FakeOffscreenCanvas {
    constructor(width: number, height: number) {
      drawn.canvas = { width, height };
    }
    getContext() {
      return {
        fillStyle: '',
        fillRect: (...args: number[]) => drawn.calls.push(`fill:${args.join(',')}`),
        drawImage: (_image: unknown, ...args: number[]) => drawn.calls.push(`draw:${args.join(',')}`),
      };
    }
    async convertToBlob(settings: { type?: string; quality?: number }) {
      drawn.encoded.push(settings);
      if (options.encodeFails) throw new Error('encoding failed');
      return new Blob([new Uint8Array(options.encodedSize ?? 1000)], { type: settings.type });
    }
  }
  vi.stubGlobal('createImageBitmap', decoder);
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return { drawn, bitmap, decoder };
}

afterEach(() => vi.unstubAllGlobals());

describe('image rules', () => {
  it('tells JPEG, PNG and GIF by their first bytes, and nothing else', () => {
    expect(imageTypeOf(bytes(JPEG_HEAD))).toBe('image/jpeg');
    expect(imageTypeOf(bytes(PNG_HEAD))).toBe('image/png');
    expect(imageTypeOf(bytes('GIF87a'))).toBe('image/gif');
    expect(imageTypeOf(bytes('GIF89a'))).toBe('image/gif');
    expect(imageTypeOf(bytes('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it('fits the long side within the limit, keeping proportions, and never enlarges', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: IMAGE_MAX_SIDE, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: IMAGE_MAX_SIDE });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(20000, 10, 1600)).toEqual({ width: 1600, height: 1 });
  });

  it('names the converted file .jpg', () => {
    expect(jpegFileName('IMG_0042.PNG')).toBe('IMG_0042.jpg');
    expect(jpegFileName('scan.final.gif')).toBe('scan.final.jpg');
    expect(jpegFileName('photo')).toBe('photo.jpg');
    expect(jpegFileName('.png')).toBe('photo.jpg');
  });
});

describe('compressImage', () => {
  it('scales a large photo to 1600 px on the long side and encodes JPEG at quality 0.8, upright (EXIF orientation applied)', async () => {
    const { drawn, bitmap } = fakeBrowser({ width: 4032, height: 3024, encodedSize: 400_000 });
    const result = await compressImage(fileOf(JPEG_HEAD, 5_000_000, 'image/jpeg'));
    expect(result).toMatchObject({ type: 'image/jpeg', converted: true, width: 1600, height: 1200 });
    expect(result.blob.size).toBe(400_000);
    expect(result.blob.type).toBe('image/jpeg');
    expect(drawn.canvas).toEqual({ width: 1600, height: 1200 });
    expect(drawn.calls).toEqual(['decode:from-image', 'fill:0,0,1600,1200', 'draw:0,0,1600,1200']);
    expect(drawn.encoded).toEqual([{ type: 'image/jpeg', quality: IMAGE_QUALITY }]);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('converts a PNG to JPEG on a white background even when it is small', async () => {
    const { drawn } = fakeBrowser({ width: 640, height: 480, encodedSize: 30_000 });
    const result = await compressImage(fileOf(PNG_HEAD, 200_000, 'image/png'));
    expect(result).toMatchObject({ type: 'image/jpeg', converted: true, width: 640, height: 480 });
    expect(drawn.calls[1]).toBe('fill:0,0,640,480');
  });

  it('keeps a small JPEG that re-encoding would not shrink', async () => {
    fakeBrowser({ width: 800, height: 600, encodedSize: 90_000 });
    const original = fileOf(JPEG_HEAD, 80_000, 'image/jpeg');
    const result = await compressImage(original);
    expect(result).toEqual({ blob: original, type: 'image/jpeg', converted: false });
  });

  it('keeps the original (JPEG, PNG or GIF) when the browser cannot decode or encode it', async () => {
    fakeBrowser({ width: 0, height: 0, decodeFails: true });
    const gif = fileOf('GIF89a', 5000, 'image/gif');
    expect(await compressImage(gif)).toEqual({ blob: gif, type: 'image/gif', converted: false });

    vi.unstubAllGlobals();
    fakeBrowser({ width: 3000, height: 2000, encodeFails: true });
    const png = fileOf(PNG_HEAD, 5000, 'image/png');
    expect(await compressImage(png)).toEqual({ blob: png, type: 'image/png', converted: false });

    vi.unstubAllGlobals();
    vi.stubGlobal('createImageBitmap', undefined);
    const jpeg = fileOf(JPEG_HEAD, 5000, '');
    expect(await compressImage(jpeg)).toEqual({ blob: jpeg, type: 'image/jpeg', converted: false });
  });

  it('refuses what is not an image by its content, whatever its declared type', async () => {
    const { decoder } = fakeBrowser({ width: 10, height: 10 });
    await expect(compressImage(fileOf('%PDF-1.7', 100, 'image/jpeg'))).rejects.toBeInstanceOf(NotAnImageError);
    expect(decoder).not.toHaveBeenCalled();
  });
});
