import path from 'node:path';
import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
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
  /** set when an earlier scan marked the song missing (docs/product.md §5.7) */
  missingSince: Date | null;
  /** the .lrc beside the file when the song was read (docs/product.md §5.8), null without one */
  lrcFile: { sizeBytes: number; mtimeMs: number } | null;
}

/** A song's file is the folder itself or lies under it. */
const underFolder = (folder: string) =>
  or(eq(songs.filePath, folder), sql`starts_with(${songs.filePath}, ${folder.endsWith(path.sep) ? folder : folder + path.sep})`);

async function selectKnown(db: Db, where: SQL | undefined): Promise<Map<string, KnownSong>> {
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
      missingSince: songs.missingSince,
      lrcFile: sql<KnownSong['lrcFile']>`${songs.lyrics} -> 'lrcFile'`,
    })
    .from(songs)
    .where(and(eq(songs.source, 'scan'), where));
  const known = new Map<string, KnownSong>();
  for (const row of rows) {
    if (row.filePath) known.set(row.filePath, { ...row, filePath: row.filePath, fileMtimeMs: row.fileMtimeMs ?? -1, lrcFile: row.lrcFile ?? null });
  }
  return known;
}

/**
 * Every scanned song, by its file's absolute path: one query, whatever the library's size.
 * With `folders` (a targeted scan), only the songs whose file lies under one of them.
 */
export async function loadKnownSongs(db: Db, folders?: string[]): Promise<Map<string, KnownSong>> {
  if (folders && !folders.length) return new Map();
  return selectKnown(db, folders ? or(...folders.map(underFolder)) : undefined);
}

/** The songs marked missing anywhere in the library: a targeted scan's new files may be one of them come back (matchMoves). */
export async function loadMissingSongs(db: Db): Promise<KnownSong[]> {
  return [...(await selectKnown(db, isNotNull(songs.missingSince))).values()];
}
