/**
 * The generated cover of something without a picture (docs/product.md §2): colours and shapes come
 * from its name alone, so a song, album or playlist looks the same in every row, card and player.
 */
export type CoverShape =
  | { kind: 'circle'; cx: number; cy: number; r: number; color: string }
  | { kind: 'band'; y: number; h: number; angle: number; color: string };

export interface CoverArt {
  background: string;
  shapes: CoverShape[];
}

/** FNV-1a, 32-bit: cheap, stable across browsers, and spreads short names well. */
export function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** xorshift32 seeded by the hash: each cover draws its numbers from its own sequence. */
function sequence(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${Math.round(hue) % 360} ${saturation}% ${lightness}%)`;

/** Two to four shapes on a background, in one hue family with a complementary accent. */
export function coverArt(name: string): CoverArt {
  const next = sequence(hashName(name.trim().toLowerCase()));
  const hue = next() * 360;
  const accent = hue + 150 + next() * 60;
  const shapes: CoverShape[] = [];
  const count = 2 + Math.floor(next() * 3);
  const circles = next() < 0.5;
  for (let i = 0; i < count; i++) {
    const color = hsl(i % 2 === 0 ? accent : hue + 30, 70, 45 + next() * 25);
    if (circles) shapes.push({ kind: 'circle', cx: 10 + next() * 80, cy: 10 + next() * 80, r: 12 + next() * 30, color });
    else shapes.push({ kind: 'band', y: next() * 90, h: 8 + next() * 22, angle: -35 + next() * 70, color });
  }
  return { background: hsl(hue, 55, 28 + next() * 14), shapes };
}

/** The name a song's cover is drawn from, the same in every row, the player bar, the radio and the Music Box. */
export const songCoverName = (title: string, artist: string): string => `${title} · ${artist}`;
