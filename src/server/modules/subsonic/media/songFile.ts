import type { SongRow } from '../../../db/schema';
import type { Config } from '../../../config';
import { songFilePath } from '../../../library/delivery/songFilePath';
import { findSong } from '../../../library/songs/songQueries';
import { isUuid } from '../../../lib/uuid';
import { notFound } from '../protocol/errors';

export interface SongFile {
  song: SongRow;
  /** the real path on disk: inside a MUSIC_DIR root (scanned) or directly in MEDIA_DIR (uploads, demo) */
  path: string;
}

/**
 * A song and its file, found the way the web app's stream route finds it (library/delivery/songFilePath.ts):
 * an unknown or malformed id, or a file gone or outside the roots, is error 70.
 */
export async function songFile(db: Parameters<typeof findSong>[0], config: Config, id: string): Promise<SongFile> {
  const song = isUuid(id) ? await findSong(db, id) : undefined;
  if (!song) throw notFound('Song');
  // docs/product.md §5.7: a song whose file a scan found gone or unreadable is not served
  if (song.missingSince) throw notFound('Song file');
  const path = await songFilePath(config, song);
  if (!path) throw notFound('Song file');
  return { song, path };
}
