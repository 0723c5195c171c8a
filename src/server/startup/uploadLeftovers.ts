import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { songs } from '../db/schema';
import { ownerGone } from '../lib/processRuns';
import { uploadTempDir } from '../library/mediaDir';
import { parseUploadTemp } from '../library/upload/uploadFiles';

/** An upload's name in MEDIA_DIR (receiveUpload.ts): a UUID and an audio extension. */
const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp3|flac|ogg|opus|m4a|aiff|wav)$/;
/** an audio file without a row is left this long: an older release moved files in before their row */
const ORPHAN_GRACE_MS = 60_000;

export interface UploadLeftovers {
  /** parts and pending files of dead servers removed */
  removed: number;
  /** pending files whose row was committed, moved into MEDIA_DIR */
  finished: number;
  /** audio files in MEDIA_DIR no song names, removed */
  orphans: number;
}

async function namedInSongs(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ path: songs.path }).from(songs).where(inArray(songs.path, names));
  return new Set(rows.map((row) => row.path));
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * What a killed server left of its uploads, cleared at start: parts and pending files of processes
 * that are gone are removed at once, whatever their age, except a pending file whose row was
 * committed, which is moved into place (the kill came between the row and the move); audio files
 * in MEDIA_DIR with an upload's name that no song names are removed. Another live instance's files stay.
 */
export async function sweepUploadLeftovers(db: Db, mediaDir: string, now = Date.now()): Promise<UploadLeftovers> {
  const result: UploadLeftovers = { removed: 0, finished: 0, orphans: 0 };
  const tmpDir = uploadTempDir(mediaDir);
  const temps = (await readdir(tmpDir).catch(() => [] as string[])).flatMap((name) => {
    const parsed = parseUploadTemp(name);
    return parsed && ownerGone(parsed.pid) ? [{ name, ...parsed }] : [];
  });
  const committed = await namedInSongs(
    db,
    temps.flatMap((t) => (t.fileName ? [t.fileName] : [])),
  );
  for (const temp of temps) {
    const full = path.join(tmpDir, temp.name);
    const target = temp.fileName ? path.join(mediaDir, temp.fileName) : null;
    if (target && committed.has(temp.fileName!) && !(await exists(target))) {
      await rename(full, target);
      result.finished += 1;
    } else {
      await rm(full, { force: true });
      result.removed += 1;
    }
  }
  const uploads = (await readdir(mediaDir).catch(() => [] as string[])).filter((name) => UPLOAD_NAME.test(name));
  const named = await namedInSongs(db, uploads);
  for (const name of uploads.filter((n) => !named.has(n))) {
    const full = path.join(mediaDir, name);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < ORPHAN_GRACE_MS) continue;
    await rm(full, { force: true });
    result.orphans += 1;
  }
  return result;
}
