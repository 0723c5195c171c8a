import path from 'node:path';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { songs } from '../../db/schema';

/** What the database holds of a scanned file: enough to tell it unchanged, changed or moved. */
export interface KnownSong {
  id: string;
  filePath: string;
  sizeBytes: number;
  fileMtimeMs: number;
  durationMs: number;
  title: string;
  artist: string;
  album: string | null;
  trackNumber: number | null;
  discNumber: number | null;
}

/** A song's file is the folder itself or lies under it. */
const underFolder = (folder: string) =>
  or(eq(songs.filePath, folder), sql`starts_with(${songs.filePath}, ${folder.endsWith(path.sep) ? folder : folder + path.sep})`);

/**
 * Every scanned song, by its file's absolute path: one query, whatever the library's size.
 * With `folders` (a targeted scan), only the songs whose file lies under one of them.
 */
export async function loadKnownSongs(db: Db, folders?: string[]): Promise<Map<string, KnownSong>> {
  if (folders && !folders.length) return new Map();
  const rows = await db
    .select({
      id: songs.id,
      filePath: songs.filePath,
      sizeBytes: songs.sizeBytes,
      fileMtimeMs: songs.fileMtimeMs,
      durationMs: songs.durationMs,
      title: songs.title,
      artist: songs.artist,
      album: songs.album,
      trackNumber: songs.trackNumber,
      discNumber: songs.discNumber,
    })
    .from(songs)
    .where(and(eq(songs.source, 'scan'), folders ? or(...folders.map(underFolder)) : undefined));
  const known = new Map<string, KnownSong>();
  for (const row of rows) {
    if (row.filePath) known.set(row.filePath, { ...row, filePath: row.filePath, fileMtimeMs: row.fileMtimeMs ?? -1 });
  }
  return known;
}
