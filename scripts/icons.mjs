// node scripts/icons.mjs: draws Wavelength's mark (five rounded bars of a sound wave on the dark
// theme's background) as public/icons/icon.svg and the PNGs the web app manifest names. Run again
// after changing the mark and commit the output; the build only copies the files.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const BG = [0x0f, 0x11, 0x17];
const BAR = [0x9d, 0x8b, 0xff];
// bar centres (x) and half-heights, on a 0..1 square; width of a bar
const BARS = [
  [0.26, 0.1],
  [0.38, 0.22],
  [0.5, 0.3],
  [0.62, 0.18],
  [0.74, 0.08],
];
const BAR_RADIUS = 0.045;
const CORNER = 0.22;

function svg() {
  const bars = BARS.map(
    ([x, h]) =>
      `<line x1="${x * 512}" y1="${(0.5 - h) * 512}" x2="${x * 512}" y2="${(0.5 + h) * 512}" stroke="#9d8bff" stroke-width="${BAR_RADIUS * 2 * 512}" stroke-linecap="round"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="${CORNER * 512}" fill="#0f1117"/>${bars.join('')}</svg>\n`;
}

/** 1 inside the mark's bars, 0 outside, for a point of the unit square (scale shrinks the mark about the centre) */
function inBar(x, y, scale) {
  const u = 0.5 + (x - 0.5) / scale;
  const v = 0.5 + (y - 0.5) / scale;
  return BARS.some(([bx, h]) => {
    const dy = Math.max(Math.abs(v - 0.5) - h, 0);
    return Math.hypot(u - bx, dy) <= BAR_RADIUS;
  });
}

function inRoundedSquare(x, y) {
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - CORNER), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - CORNER), 0);
  return Math.hypot(dx, dy) <= CORNER;
}

function draw(size, maskable) {
  const SS = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let bar = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (px + (sx + 0.5) / SS) / size;
          const y = (py + (sy + 0.5) / SS) / size;
          if (!maskable && !inRoundedSquare(x, y)) continue;
          if (inBar(x, y, maskable ? 0.7 : 1)) bar++;
          else bg++;
        }
      }
      const covered = bg + bar;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) pixels[i + c] = covered ? Math.round((BG[c] * bg + BAR[c] * bar) / covered) : 0;
      pixels[i + 3] = Math.round((covered / (SS * SS)) * 255);
    }
  }
  return png(size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

writeFileSync(path.join(out, 'icon.svg'), svg());
writeFileSync(path.join(out, 'icon-192.png'), draw(192, false));
writeFileSync(path.join(out, 'icon-512.png'), draw(512, false));
writeFileSync(path.join(out, 'icon-maskable-512.png'), draw(512, true));
console.log(`icons written to ${out}`);
