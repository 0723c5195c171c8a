import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { flacFile, id3v24Tag, type BenchTags } from './tagWriters';
import { coverArt, type Templates } from './templates';

export const TRACKS = 10_000;
export const ALBUMS = 1_000;
export const ARTISTS = 300;
/** every 20th album is a compilation (one artist per track, no album artist, the compilation flag) */
const COMPILATION_EVERY = 20;
/** every 10th other album has two discs */
const TWO_DISCS_EVERY = 10;
/** album sizes cycle through these (mean 10), so 1,000 albums hold exactly 10,000 tracks */
const SIZES = [6, 14, 8, 12, 10];

const ADJECTIVES = [
  'Silver',
  'Hollow',
  'Golden',
  'Quiet',
  'Electric',
  'Northern',
  'Velvet',
  'Broken',
  'Crimson',
  'Distant',
  'Wild',
  'Paper',
  'Iron',
  'Neon',
  'Lunar',
  'Amber',
  'Frozen',
  'Bright',
  'Lost',
  'Hidden',
];
const NOUNS = [
  'Harbor',
  'Rivers',
  'Lanterns',
  'Foxes',
  'Orchard',
  'Signals',
  'Tides',
  'Engines',
  'Sparrows',
  'Canyons',
  'Mirrors',
  'Pilots',
  'Gardens',
  'Comets',
  'Towers',
  'Wolves',
  'Shadows',
  'Islands',
  'Echoes',
  'Lights',
];
const WORDS = [
  'Midnight',
  'Morning',
  'Stormy',
  'Café',
  'Über',
  'Summer',
  'Rain',
  'Road',
  'Heart',
  'Fire',
  'Ocean',
  'Glass',
  'Dream',
  'Waltz',
  'Song',
  'Dance',
  'Letter',
  'Window',
  'Train',
  'Mountain',
];
const GENRES = ['Rock', 'Pop', 'Jazz', 'Electronic', 'Folk', 'Hip-Hop', 'Classical', 'Blues', 'Soul', 'Metal', 'Ambient', 'Country'];

export interface GeneratedTree {
  files: number;
  mp3: number;
  flac: number;
  bytes: number;
  albums: number;
  compilations: number;
  multiDisc: number;
  /** artists the library should list: the 300 plus Various Artists */
  artists: number;
  /** a few files with the tags written into them, for the check with music-metadata */
  samples: { file: string; tags: BenchTags; flac: boolean }[];
}

/** albums whose first file is checked: an MP3 compilation, a two-disc FLAC album, an MP3 album, a FLAC compilation */
const SAMPLED_ALBUMS = new Set([0, 1, 2, 40]);

/** 400 distinct names from the two lists; beyond them (the 100,000-file tree's 3,000 artists) a number tells them apart */
export function artistName(i: number): string {
  const base = `${ADJECTIVES[i % 20]} ${NOUNS[Math.floor(i / 20) % 20]}`;
  return i < 400 ? base : `${base} ${Math.floor(i / 400) + 1}`;
}

function title(album: number, track: number): string {
  return `${WORDS[(album * 7 + track) % 20]} ${WORDS[(album * 3 + track * 11) % 20].toLowerCase()} ${track + 1}`;
}

function safe(name: string): string {
  return name.replace(/[/\\:*?"<>|]/g, '_');
}

/** How big a tree: the scan part's 1,000 albums by 300 artists, or a multiple of it (albums a multiple of 5, 10 tracks each on average). */
export interface TreeShape {
  albums: number;
  artists: number;
}

export const SCAN_SHAPE: TreeShape = { albums: ALBUMS, artists: ARTISTS };

/** One album's files: tags, folder and format decided by its index alone (same tree every run). */
function albumFiles(index: number, templates: Templates, artists: number) {
  const compilation = index % COMPILATION_EVERY === 0;
  const artist = artistName(index % artists);
  const album = `${WORDS[index % 20]} ${NOUNS[(index * 7) % 20]} ${index}`;
  const year = 1965 + ((index * 7) % 58);
  const size = SIZES[index % SIZES.length];
  const discs = !compilation && index % TWO_DISCS_EVERY === 1 ? 2 : 1;
  const flac = index % 3 === 1;
  const folder = compilation ? path.join('Compilations', safe(album)) : path.join(safe(artist), `${safe(album)} (${year})`);
  return Array.from({ length: size }, (_, t) => {
    const disc = discs === 2 && t >= size / 2 ? 2 : 1;
    const track = disc === 2 ? t - size / 2 : t;
    const tags: BenchTags = {
      title: title(index, t),
      artist: compilation ? artistName((index + t * 37) % artists) : artist,
      album,
      albumArtist: compilation ? null : artist,
      track: `${track + 1}/${discs === 2 ? size / 2 : size}`,
      disc: `${disc}/${discs}`,
      year,
      genre: GENRES[index % GENRES.length],
      compilation,
    };
    const name = `${String(track + 1).padStart(2, '0')} - ${safe(tags.title)}.${flac ? 'flac' : 'mp3'}`;
    const rel = discs === 2 ? path.join(folder, `Disc ${disc}`, name) : path.join(folder, name);
    return { rel, tags, flac, template: (index + t) % templates.mp3.length };
  });
}

/** albums generated at once: their covers (sharp, off the main thread) and writes overlap */
const ALBUMS_AT_ONCE = 8;

/** Writes the whole tree under `root`: by default 10,000 files in 1,000 album folders by 300 artists. */
export async function writeTree(root: string, templates: Templates, shape: TreeShape = SCAN_SHAPE): Promise<GeneratedTree> {
  const tracks = (shape.albums / SIZES.length) * SIZES.reduce((a, b) => a + b, 0);
  const out: GeneratedTree = {
    files: 0,
    mp3: 0,
    flac: 0,
    bytes: 0,
    albums: shape.albums,
    compilations: 0,
    multiDisc: 0,
    artists: shape.artists + 1,
    samples: [],
  };
  const writeAlbum = async (index: number) => {
    const files = albumFiles(index, templates, shape.artists);
    const cover = { mime: 'image/jpeg', data: await coverArt(index) };
    if (files[0].tags.compilation) out.compilations += 1;
    if (files[0].tags.disc.endsWith('/2')) out.multiDisc += 1;
    if (SAMPLED_ALBUMS.has(index)) out.samples.push({ file: path.join(root, files[0].rel), tags: files[0].tags, flac: files[0].flac });
    await Promise.all(
      files.map(async ({ rel, tags, flac, template }) => {
        const bytes = flac ? flacFile(templates.flac[template], tags, cover) : Buffer.concat([id3v24Tag(tags, cover), templates.mp3[template]]);
        const target = path.join(root, rel);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, bytes);
        out.files += 1;
        out.bytes += bytes.length;
        if (flac) out.flac += 1;
        else out.mp3 += 1;
      }),
    );
  };
  for (let index = 0; index < shape.albums; index += ALBUMS_AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(ALBUMS_AT_ONCE, shape.albums - index) }, (_, i) => writeAlbum(index + i)));
  }
  if (out.files !== tracks) throw new Error(`generated ${out.files} files, expected ${tracks}`);
  return out;
}

/** One more MP3 in a new album folder, its title a word nothing else has (what the search looks for). */
export async function writeAddedFile(root: string, templates: Templates, word: string): Promise<string> {
  const tags: BenchTags = {
    title: `${word} added`,
    artist: 'Late Arrival',
    album: `${word} album`,
    albumArtist: null,
    track: '1',
    disc: '1',
    year: 2026,
    genre: 'Pop',
    compilation: false,
  };
  const target = path.join(root, 'Late Arrival', `${word} album`, `01 - ${word}.mp3`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, Buffer.concat([id3v24Tag(tags, { mime: 'image/jpeg', data: await coverArt(ALBUMS) }), templates.mp3[0]]));
  return target;
}
