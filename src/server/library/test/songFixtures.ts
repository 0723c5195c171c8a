import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/open';
import { songs, type SongRow } from '../../db/schema';
import { songKeys } from '../songKeys';

/** The server tests' one way to put songs in the library: rows as the upload route writes them. */

export interface SongFixture {
  title: string;
  artist: string;
  durationMs?: number;
  /** file name inside MEDIA_DIR; a fresh one (no file) when left out */
  path?: string;
  mimeType?: string;
  sizeBytes?: number;
}

/** One library song row (the search and sort keys made as the upload route makes them). */
export async function insertSong(db: Db, song: SongFixture): Promise<SongRow> {
  const [row] = await db
    .insert(songs)
    .values({
      title: song.title,
      artist: song.artist,
      durationMs: song.durationMs ?? 60_000,
      path: song.path ?? `${randomUUID()}.mp3`,
      mimeType: song.mimeType ?? 'audio/mpeg',
      sizeBytes: song.sizeBytes ?? 1000,
      ...songKeys(song.title, song.artist),
    })
    .returning();
  return row;
}

/** Writes bytes into MEDIA_DIR under a fresh name, for a song row to point at; answers the name. */
export async function writeMediaFile(mediaDir: string, bytes: Buffer, extension = 'wav'): Promise<string> {
  const name = `${randomUUID()}.${extension}`;
  await mkdir(mediaDir, { recursive: true });
  await writeFile(path.join(mediaDir, name), bytes);
  return name;
}

/** Library songs of the given durations (seconds), titled `<prefix> <tag> 01…`; rows only, no files. */
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
