import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { songs } from '../../db/schema';

/**
 * The names an upload takes in MEDIA_DIR/tmp, each carrying the id of the server process writing
 * it, so a start-up can tell another live instance's upload from one a killed server left:
 * `<pid>-<uuid>.part` while it is received, `<pid>~<file name>.pending` once checked and waiting
 * for its row (the file name is the one it takes in MEDIA_DIR).
 */
export function uploadPartPath(tmpDir: string): string {
  return path.join(tmpDir, `${process.pid}-${randomUUID()}.part`);
}

export function pendingUploadPath(tmpDir: string, fileName: string): string {
  return path.join(tmpDir, `${process.pid}~${fileName}.pending`);
}

/** The writer's process id of a temporary upload name, and for a pending one its MEDIA_DIR name; null for another name. */
export function parseUploadTemp(name: string): { pid: number; fileName: string | null } | null {
  const part = /^(\d+)-[0-9a-f-]+\.part$/.exec(name);
  if (part) return { pid: Number(part[1]), fileName: null };
  const pending = /^(\d+)~([^/\\~]+)\.pending$/.exec(name);
  return pending ? { pid: Number(pending[1]), fileName: pending[2] } : null;
}

/**
 * Moves a saved upload from its pending name into MEDIA_DIR, once its row (`songId`) is committed:
 * a server killed before leaves a pending file the start-up sweep finishes or removes, never an
 * audio file without a row. A failed move removes the row (the caller removes the file).
 */
export async function moveIntoPlace(db: Db, songId: string, upload: { track: { file: { path: string } }; finalPath: string }): Promise<void> {
  try {
    await rename(upload.track.file.path, upload.finalPath);
  } catch (error) {
    await db.delete(songs).where(eq(songs.id, songId));
    throw error;
  }
}
