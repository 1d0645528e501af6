// Generates the PWA's PNG icons (no image tooling needed): `node pwa/scripts/make-icons.mjs`.
// Draws the Shabaash mark: a white speech bubble with a spark, on a coral-to-violet gradient.
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const out = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const CORAL = [255, 92, 92];
const VIOLET = [124, 58, 237];

/** Signed distance to a rounded rectangle centred at (cx, cy). */
const roundRect = (x, y, cx, cy, hw, hh, r) => {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};
const inTriangle = (px, py, [ax, ay], [bx, by], [cx, cy]) => {
  const s = (p1x, p1y, p2x, p2y, p3x, p3y) => (p1x - p3x) * (p2y - p3y) - (p2x - p3x) * (p1y - p3y);
  const d1 = s(px, py, ax, ay, bx, by);
  const d2 = s(px, py, bx, by, cx, cy);
  const d3 = s(px, py, cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
};

/** The mark in unit space (0..1), scaled into `scale` of the canvas. Returns [r,g,b,a]. */
function icon(size, { maskable }) {
  const scale = maskable ? 0.62 : 0.78;
  const corner = maskable ? 0 : 0.22;
  return (x, y) => {
    const u = x / size;
    const v = y / size;
    // background: full bleed for maskable, rounded square otherwise
    if (!maskable && roundRect(u, v, 0.5, 0.5, 0.5, 0.5, corner) > 0) return [0, 0, 0, 0];
    let color = mix(CORAL, VIOLET, (u + v) / 2);
    // map to mark space
    const mx = (u - 0.5) / scale + 0.5;
    const my = (v - 0.5) / scale + 0.5;
    const bubble = roundRect(mx, my, 0.5, 0.44, 0.36, 0.27, 0.12) <= 0;
    const tail = inTriangle(mx, my, [0.3, 0.66], [0.46, 0.66], [0.26, 0.86]);
    if (bubble || tail) {
      color = [255, 255, 255];
      // spark: a four-pointed star in the bubble
      const dx = Math.abs(mx - 0.5);
      const dy = Math.abs(my - 0.44);
      if (Math.sqrt(dx) + Math.sqrt(dy) <= Math.sqrt(0.17)) color = mix(CORAL, VIOLET, 0.35);
    }
    return [...color, 255];
  };
}

writeFileSync(out('pwa-192x192.png'), png(192, icon(192, { maskable: false })));
writeFileSync(out('pwa-512x512.png'), png(512, icon(512, { maskable: false })));
writeFileSync(out('maskable-512x512.png'), png(512, icon(512, { maskable: true })));
writeFileSync(out('apple-touch-icon.png'), png(180, icon(180, { maskable: true })));
process.stdout.write('icons written to pwa/public\n');
