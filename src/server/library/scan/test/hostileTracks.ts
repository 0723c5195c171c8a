import { readFile, writeFile } from 'node:fs/promises';
import { makeTrack, type TrackSpec } from './makeTracks';

/**
 * Real audio files whose tags the database would refuse as they are (issue 27, item 1): NUL bytes,
 * over-long values, thousands of ARTISTS values. ffmpeg cannot take a NUL in its arguments, so a
 * tag is written with the marker NUL_MARKER and the marker's bytes are swapped in place for NULs.
 */

/** five bytes that never occur in the short tones makeTrack encodes: \x01NUL\x01, patched to \x00NUL\x00 */
export const NUL_MARKER = '\u0001NUL\u0001';

/** Letters that do not repeat, so PostgreSQL cannot compress an index entry made of them below its limit. */
export function unrepeatedText(length: number, seed = 1): string {
  let state = seed;
  let out = '';
  while (out.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out += String.fromCharCode(97 + (state % 26));
  }
  return out;
}

/** Writes a FLAC at root/relPath with `spec`, every NUL_MARKER in its tags turned into NUL bytes. */
export async function makeTrackWithNuls(root: string, relPath: string, spec: TrackSpec): Promise<string> {
  const file = await makeTrack(root, relPath, { ...spec, format: 'flac' });
  const bytes = await readFile(file);
  const marker = Buffer.from(NUL_MARKER, 'latin1');
  for (let at = bytes.indexOf(marker); at >= 0; at = bytes.indexOf(marker, at + marker.length)) {
    bytes[at] = 0;
    bytes[at + marker.length - 1] = 0;
  }
  await writeFile(file, bytes);
  return file;
}

/** The hostile files of the issue, by name: each one alone failed a whole scan batch before the tags were cleaned. */
export const HOSTILE_SPECS: Record<string, TrackSpec> = {
  'nul-tags.flac': {
    frequency: 510,
    tags: { title: `Nul${NUL_MARKER}Title`, artist: `Nul${NUL_MARKER}Artist`, album: `Nul${NUL_MARKER}Album`, LYRICS: `line${NUL_MARKER}one` },
  },
  'long-title.flac': { frequency: 520, tags: { title: unrepeatedText(100_000, 2), artist: 'Long Title Band' } },
  'long-artist-album.flac': { frequency: 530, tags: { title: 'Long Names', artist: unrepeatedText(3_000, 3), album: unrepeatedText(3_000, 4) } },
  'many-artists.flac': {
    frequency: 540,
    tags: { title: 'Crowd', artist: 'Crowd Lead', ARTISTS: Array.from({ length: 10_000 }, (_, i) => `A${i}`).join(';') },
  },
  'control-chars.flac': { frequency: 550, tags: { title: 'Bell\u0007Escape\u001bDelete\u007fEnd', artist: 'Ctrl\u0002Band' } },
};

/** Writes every hostile file of HOSTILE_SPECS under root/folder; answers their absolute paths. */
export async function makeHostileTracks(root: string, folder: string): Promise<string[]> {
  const made: string[] = [];
  for (const [name, spec] of Object.entries(HOSTILE_SPECS)) made.push(await makeTrackWithNuls(root, `${folder}/${name}`, spec));
  return made;
}
