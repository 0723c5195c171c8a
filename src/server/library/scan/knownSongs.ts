import { eq } from 'drizzle-orm';
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

/** Every scanned song, by its file's absolute path: one query, whatever the library's size. */
export async function loadKnownSongs(db: Db): Promise<Map<string, KnownSong>> {
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
    .where(eq(songs.source, 'scan'));
  const known = new Map<string, KnownSong>();
  for (const row of rows) {
    if (row.filePath) known.set(row.filePath, { ...row, filePath: row.filePath, fileMtimeMs: row.fileMtimeMs ?? -1 });
  }
  return known;
}
