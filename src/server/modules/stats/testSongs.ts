import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/open';
import { songs, type SongRow } from '../../db/schema';
import { songKeys } from '../songs/songKeys';

/** Inserts library songs for a test (rows only, no files): durations in seconds. */
export async function insertSongs(db: Db, durationsSec: number[], prefix = 'Song'): Promise<SongRow[]> {
  const tag = randomUUID().slice(0, 8);
  return db
    .insert(songs)
    .values(
      durationsSec.map((sec, i) => {
        const title = `${prefix} ${tag} ${String(i + 1).padStart(2, '0')}`;
        const artist = `Artist ${tag}`;
        return { title, artist, durationMs: sec * 1000, path: `${randomUUID()}.mp3`, mimeType: 'audio/mpeg', sizeBytes: 1000, ...songKeys(title, artist) };
      }),
    )
    .returning();
}
