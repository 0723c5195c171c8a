import path from 'node:path';
import type { KnownSong } from './knownSongs';
import type { FoundFile } from './types';

export interface Classified {
  unchanged: FoundFile[];
  /** known path, other size or mtime: re-read, same song id */
  changed: { file: FoundFile; id: string; wasMissing: boolean }[];
  added: FoundFile[];
  /** known songs whose file was not found: marked missing, unless a new file turns out to be them moved */
  missing: KnownSong[];
}

/** Whether the .lrc beside a file is the one its song was read with (both none, or the same size and mtime). */
function sameLrcFile(file: FoundFile, song: KnownSong): boolean {
  if (!file.lrcFile || !song.lrcFile) return !file.lrcFile && !song.lrcFile;
  return file.lrcFile.size === song.lrcFile.sizeBytes && file.lrcFile.mtimeMs === song.lrcFile.mtimeMs;
}

/**
 * Phase 2, change detection (docs/decisions/library.md): a file is unchanged when its path, size
 * and mtime (whole ms) are what the database holds, so is its .lrc's (docs/product.md §5.8: one
 * added, changed or removed beside an untouched file changes its song), and the song is not marked
 * missing. Songs under a root that could not be read,
 * or that yielded no file at all (an unmounted disk), are never counted missing.
 */
export function classify(files: FoundFile[], known: Map<string, KnownSong>, protectedRoots: string[]): Classified {
  const result: Classified = { unchanged: [], changed: [], added: [], missing: [] };
  const seen = new Set<string>();
  for (const file of files) {
    seen.add(file.path);
    const song = known.get(file.path);
    if (!song) result.added.push(file);
    // a song marked missing is read again even when its file looks unchanged (restored with its old mtime)
    else if (song.sizeBytes === file.size && song.fileMtimeMs === file.mtimeMs && sameLrcFile(file, song) && !song.missingSince) result.unchanged.push(file);
    else result.changed.push({ file, id: song.id, wasMissing: song.missingSince !== null });
  }
  for (const song of known.values()) {
    if (!seen.has(song.filePath) && !protectedRoots.some((root) => isInside(root, song.filePath))) result.missing.push(song);
  }
  return result;
}

export function isInside(root: string, filePath: string): boolean {
  const rel = path.relative(root, filePath);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
