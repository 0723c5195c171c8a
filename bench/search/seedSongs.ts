import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/open';
import { songs } from '../../src/server/db/schema';
import { songKeys } from '../../src/server/library/songKeys';
import { generateSongs } from './library';

/** A generated song's row: an MP3 of 4 MB at a path of its own (no file behind it), with its search and sort keys. */
export function generatedSongRow(song: { title: string; artist: string; durationMs: number }): typeof songs.$inferInsert {
  return {
    title: song.title,
    artist: song.artist,
    durationMs: song.durationMs,
    path: `${randomUUID()}.mp3`,
    mimeType: 'audio/mpeg',
    sizeBytes: 4_000_000,
    ...songKeys(song.title, song.artist),
  };
}

/**
 * Inserts `count` generated songs (library.ts) in batches of 2,000, then ANALYZEs. Building the
 * trigram index once after the rows are in is far cheaper than keeping it up to date row by row;
 * the index is recreated exactly as the migration defines it. Answers the rows inserted.
 */
export async function seedGeneratedSongs(db: Db, count: number, seed = 42): Promise<number> {
  await db.execute(sql`drop index if exists songs_search_trgm_idx`);
  let batch: (typeof songs.$inferInsert)[] = [];
  let inserted = 0;
  const flush = async () => {
    if (!batch.length) return;
    await db.insert(songs).values(batch);
    inserted += batch.length;
    batch = [];
  };
  for (const song of generateSongs(count, seed)) {
    batch.push(generatedSongRow(song));
    if (batch.length >= 2000) await flush();
  }
  await flush();
  await db.execute(sql`create index if not exists songs_search_trgm_idx on songs using gin (search_text gin_trgm_ops)`);
  await db.execute(sql`analyze songs`);
  return inserted;
}
