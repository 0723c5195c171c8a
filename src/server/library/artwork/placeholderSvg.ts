import { createHash } from 'node:crypto';

/** The initials of a name's first and last words ("Kind of Blue" -> "KB"), letters and digits of any script. */
export function initialsOf(label: string): string {
  const words = label.match(/[\p{L}\p{N}]+/gu) ?? [];
  const chosen = [words[0], words.length > 1 ? words[words.length - 1] : undefined].filter((w): w is string => Boolean(w));
  const letters = chosen.map((w) => Array.from(w)[0].toLocaleUpperCase());
  return letters.join('') || '♪';
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A generated cover for a name: a two-colour gradient, three soft circles and the initials, every
 * choice taken from the bytes of the name's SHA-256, so one name always draws the same picture.
 */
export function placeholderSvg(label: string, size = 600): string {
  const bytes = createHash('sha256').update(label, 'utf8').digest();
  const hue = (bytes[0] * 360) / 256;
  const hue2 = (hue + 40 + (bytes[1] % 120)) % 360;
  const angle = bytes[2] % 4;
  const [x2, y2] = [
    [1, 1],
    [0, 1],
    [1, 0],
    [1, 0.5],
  ][angle];
  const circles = [0, 1, 2]
    .map((i) => {
      const cx = (bytes[3 + i * 3] / 255) * size;
      const cy = (bytes[4 + i * 3] / 255) * size;
      const r = size * (0.15 + (bytes[5 + i * 3] / 255) * 0.35);
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="#fff" fill-opacity="${(0.06 + i * 0.04).toFixed(2)}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}">
<stop offset="0" stop-color="hsl(${hue.toFixed(0)},62%,46%)"/><stop offset="1" stop-color="hsl(${hue2.toFixed(0)},58%,26%)"/>
</linearGradient></defs>
<rect width="${size}" height="${size}" fill="url(#g)"/>${circles}
<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${Math.round(size * 0.3)}" fill="#fff" fill-opacity="0.92">${escapeXml(initialsOf(label))}</text>
</svg>`;
}
