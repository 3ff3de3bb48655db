#!/usr/bin/env node
// Draws the extension's icon, docs/images/icon.png (256×256): the letters
// "ilo" made of plain shapes (bars, a dot, a ring) on a dark rounded square,
// rasterised here from signed distances with 4×4 samples a pixel and written
// as a PNG with node's zlib. No image library, no font: run it again to get
// the same bytes.
//
// Usage: node scripts/icon.mjs [OUT.png]
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ?? join(root, 'docs', 'images', 'icon.png');
const SIZE = 256;
const SAMPLES = 4;

// Shapes in a 128-unit square, painted in order; each is a signed distance (negative inside).
const roundedBox = (cx, cy, hw, hh, r) => (x, y) => {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r;
const ring = (cx, cy, r, width) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2;

const BACKGROUND = [0x1d, 0x2b, 0x3a];
const TEAL = [0x7f, 0xdb, 0xca];
const AMBER = [0xff, 0xcb, 0x6b];
const layers = [
  { shape: roundedBox(64, 64, 64, 64, 26), color: BACKGROUND },
  // i
  { shape: circle(33, 38, 8), color: TEAL },
  { shape: roundedBox(33, 76, 7, 22, 6), color: TEAL },
  // l
  { shape: roundedBox(57, 63, 7, 35, 6), color: TEAL },
  // o
  { shape: ring(92, 78, 16.5, 13), color: AMBER },
];

const pixels = Buffer.alloc(SIZE * SIZE * 4);
const scale = 128 / SIZE;
for (let py = 0; py < SIZE; py++) {
  for (let px = 0; px < SIZE; px++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const x = (px + (sx + 0.5) / SAMPLES) * scale;
        const y = (py + (sy + 0.5) / SAMPLES) * scale;
        let color;
        for (const l of layers) if (l.shape(x, y) <= 0) color = l.color;
        if (!color) continue;
        r += color[0];
        g += color[1];
        b += color[2];
        a += 1;
      }
    }
    const i = (py * SIZE + px) * 4;
    // Colour averaged over the covered samples; coverage is the alpha.
    pixels[i] = a ? Math.round(r / a) : 0;
    pixels[i + 1] = a ? Math.round(g / a) : 0;
    pixels[i + 2] = a ? Math.round(b / a) : 0;
    pixels[i + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
// Each row starts with filter type 0 (none).
const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) pixels.copy(rows, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, png);
console.log(`icon: wrote ${out} (${SIZE}×${SIZE}, ${png.length} bytes)`);
