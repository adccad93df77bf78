#!/usr/bin/env node
/**
 * Draws the HomeSite house mark and writes the app icons: SVG (favicon and manifest) and the PNGs
 * of the web app manifest (192, 512, maskable 512) plus the 180 px apple-touch icon.
 * Plain Node (zlib for PNG): the shapes are polygons filled with exact horizontal and 8x vertical
 * anti-aliasing, so the PNGs match the SVG drawn from the same shapes.
 *
 *   node scripts/render-icons.mjs        # writes public/favicon.svg and public/icons/*
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

export const BRAND = '#1f4e79';
export const MARK = '#ffffff';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The mark in a 512 × 512 box: a house silhouette with a chimney, a door and a window cut out. */
const house = [
  [256, 112],
  [336, 180],
  [336, 136],
  [376, 136],
  [376, 214],
  [416, 248],
  [416, 408],
  [96, 408],
  [96, 248],
];
const door = [
  [222, 300],
  [290, 300],
  [290, 412],
  [222, 412],
]; // past the bottom edge: no seam of anti-aliasing
const window_ = [
  [138, 276],
  [194, 276],
  [194, 332],
  [138, 332],
];

function roundedSquare(size, radius, steps = 12) {
  const points = [];
  const corners = [
    [size - radius, radius, -90],
    [size - radius, size - radius, 0],
    [radius, size - radius, 90],
    [radius, radius, 180],
  ];
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= steps; i++) {
      const angle = ((start + (90 * i) / steps) * Math.PI) / 180;
      points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    }
  }
  return points;
}

/** Layers painted in order. `inset` scales the mark around the centre (maskable icons keep it in the safe zone). */
function layers({ rounded, markScale }) {
  const square = [
    [0, 0],
    [512, 0],
    [512, 512],
    [0, 512],
  ];
  const scale = (polygon) => polygon.map(([x, y]) => [256 + (x - 256) * markScale, 260 + (y - 260) * markScale]);
  return [
    { color: BRAND, polygon: rounded ? roundedSquare(512, 96) : square },
    { color: MARK, polygon: scale(house) },
    { color: BRAND, polygon: scale(door) },
    { color: BRAND, polygon: scale(window_) },
  ];
}

const ICON = { rounded: true, markScale: 1 };
// The maskable safe zone is a circle of 40 % radius: the scaled house fits inside it.
const MASKABLE = { rounded: false, markScale: 0.72 };
const APPLE = { rounded: false, markScale: 0.86 };

export function toSvg(options) {
  const path = (polygon) => `M${polygon.map(([x, y]) => `${+x.toFixed(2)} ${+y.toFixed(2)}`).join('L')}Z`;
  const [background, ...mark] = layers(options);
  const backgroundSvg = options.rounded
    ? `<rect width="512" height="512" rx="96" fill="${background.color}"/>`
    : `<rect width="512" height="512" fill="${background.color}"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="HomeSite">',
    `  ${backgroundSvg}`,
    ...mark.map((layer) => `  <path fill="${layer.color}" d="${path(layer.polygon)}"/>`),
    '</svg>',
    '',
  ].join('\n');
}

const hexToRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Coverage (0..1) of each pixel by an even-odd polygon, at `size` px for the 512 box. */
function coverage(polygon, size, subRows = 8) {
  const k = size / 512;
  const points = polygon.map(([x, y]) => [x * k, y * k]);
  const cover = new Float32Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let sub = 0; sub < subRows; sub++) {
      const y = row + (sub + 0.5) / subRows;
      const xs = [];
      for (let i = 0; i < points.length; i++) {
        const [x0, y0] = points[i];
        const [x1, y1] = points[(i + 1) % points.length];
        if ((y0 <= y && y1 > y) || (y1 <= y && y0 > y)) xs.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
      }
      xs.sort((a, b) => a - b);
      for (let i = 0; i + 1 < xs.length; i += 2) {
        const start = Math.max(0, xs[i]);
        const end = Math.min(size, xs[i + 1]);
        for (let px = Math.floor(start); px < end; px++) {
          const overlap = Math.min(end, px + 1) - Math.max(start, px);
          if (overlap > 0) cover[row * size + px] += overlap / subRows;
        }
      }
    }
  }
  return cover;
}

function rasterize(options, size) {
  const rgba = new Float32Array(size * size * 4); // premultiplied
  for (const layer of layers(options)) {
    const [r, g, b] = hexToRgb(layer.color);
    const cover = coverage(layer.polygon, size);
    for (let i = 0; i < size * size; i++) {
      const a = Math.min(1, cover[i]);
      if (a === 0) continue;
      const o = i * 4;
      rgba[o] = r * a + rgba[o] * (1 - a);
      rgba[o + 1] = g * a + rgba[o + 1] * (1 - a);
      rgba[o + 2] = b * a + rgba[o + 2] * (1 - a);
      rgba[o + 3] = 255 * a + rgba[o + 3] * (1 - a);
    }
  }
  const bytes = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const alpha = rgba[i * 4 + 3];
    for (let c = 0; c < 3; c++) bytes[i * 4 + c] = alpha > 0 ? Math.round(Math.min(255, (rgba[i * 4 + c] * 255) / alpha)) : 0;
    bytes[i * 4 + 3] = Math.round(alpha);
  }
  return bytes;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function encodePng(rgba, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row++) {
    raw[row * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const OUTPUTS = [
  { file: 'public/favicon.svg', svg: ICON },
  { file: 'public/icons/icon.svg', svg: ICON },
  { file: 'public/icons/icon-maskable.svg', svg: MASKABLE },
  { file: 'public/icons/icon-192.png', png: ICON, size: 192 },
  { file: 'public/icons/icon-512.png', png: ICON, size: 512 },
  { file: 'public/icons/icon-maskable-512.png', png: MASKABLE, size: 512 },
  { file: 'public/icons/apple-touch-icon-180.png', png: APPLE, size: 180 },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const output of OUTPUTS) {
    const target = join(ROOT, output.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, output.svg ? toSvg(output.svg) : encodePng(rasterize(output.png, output.size), output.size));
    console.log(`wrote ${output.file}`);
  }
}
