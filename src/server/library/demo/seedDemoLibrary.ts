import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { generatedArtworks, songs } from '../../db/schema';
import { placeholderHash } from '../artwork/hashes';
import { storedLyrics } from '../lyrics/songLyrics';
import { songKeys } from '../songKeys';
import { readAudioInfo } from './audioInfo';
import { encodeWav } from './wav';
import { DEMO_TRACKS } from './catalogue';
import { demoLyrics } from './demoLyrics';
import { DEMO_SAMPLE_RATE, renderTrack } from './synth';

export interface SeedDemoDeps {
  db: Db;
  mediaDir: string;
  log: { info(obj: object | string, msg?: string): void };
}

async function libraryIsEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: songs.id }).from(songs).limit(1);
  return rows.length === 0;
}

/** Fills an empty library with generated tracks; returns how many songs it inserted (0 when the library had songs). */
export async function seedDemoLibrary({ db, mediaDir, log }: SeedDemoDeps): Promise<number> {
  if (!(await libraryIsEmpty(db))) return 0;

  const started = performance.now();
  await mkdir(mediaDir, { recursive: true });
  const written: string[] = [];
  try {
    const rows: (typeof songs.$inferInsert)[] = [];
    for (const track of DEMO_TRACKS) {
      const wav = encodeWav(renderTrack(track), DEMO_SAMPLE_RATE);
      const fileName = `${randomUUID()}.wav`;
      const filePath = path.join(mediaDir, fileName);
      written.push(filePath);
      await writeFile(filePath, wav, { flag: 'wx' });
      const { durationMs } = await readAudioInfo(filePath);
      rows.push({
        title: track.title,
        artist: track.artist,
        durationMs,
        path: fileName,
        mimeType: 'audio/wav',
        sizeBytes: wav.length,
        source: 'demo',
        artists: [track.artist],
        // a generated cover per song, drawn from its title (as migration 0006 gives older demo rows)
        artworkHash: placeholderHash(track.title),
        lyrics: storedLyrics([demoLyrics(track)]),
        ...songKeys(track.title, track.artist),
      });
    }

    const inserted = await db.transaction(async (tx) => {
      // Two servers on one PostgreSQL may both have found the library empty: the lock lets one of them seed.
      await tx.execute(sql`lock table ${songs} in share row exclusive mode`);
      if (!(await libraryIsEmpty(tx as unknown as Db))) return 0;
      const ids = await tx.insert(songs).values(rows).returning({ id: songs.id });
      const covers = DEMO_TRACKS.map((track) => ({ hash: placeholderHash(track.title), label: track.title }));
      await tx.insert(generatedArtworks).values(covers).onConflictDoNothing();
      return ids.length;
    });
    if (inserted === 0) {
      await removeAll(written);
      return 0;
    }
    log.info({ songs: inserted, ms: Math.round(performance.now() - started) }, 'demo library seeded');
    return inserted;
  } catch (err) {
    await removeAll(written);
    throw err;
  }
}

async function removeAll(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f, { force: true })));
}
