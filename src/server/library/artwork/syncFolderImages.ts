import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { folderImages, songs } from '../../db/schema';
import type { FoundFile } from '../scan/types';
import { chooseFolderImages } from './folderImages';
import { artworkHash } from './hashes';

export interface FolderImageSync {
  /** the cover image hash of each folder that has one, by folder */
  hashByFolder: Map<string, string>;
  /** folders whose cover appeared, changed or went away: their new hash (null: none) */
  changedFolders: Map<string, string | null>;
  rowsWritten: number;
}

const isUnder = (file: string, roots: string[]) => roots.some((root) => file.startsWith(root.endsWith(path.sep) ? root : root + path.sep));

/**
 * The folder images of a scan against folder_images: an image with the size and mtime of its row
 * is not read again (an unchanged tree reads and writes nothing); a new or changed one is read and
 * hashed (bytes only: thumbnails are made when first asked for). Rows under `keptRoots` (roots
 * that could not be read or yielded nothing) or outside `scope` are kept as they are.
 */
export async function syncFolderImages(db: Db, images: FoundFile[], keptRoots: string[], scope?: (file: string) => boolean): Promise<FolderImageSync> {
  const known = await db.select().from(folderImages);
  // a targeted scan (`scope`): rows outside its folders are kept like those of kept roots
  const isKept = (file: string) => isUnder(file, keptRoots) || (scope !== undefined && !scope(file));
  const before = new Map(known.map((row) => [path.dirname(row.path), row]));
  const hashByFolder = new Map<string, string>();
  const changedFolders = new Map<string, string | null>();
  const upserts: (typeof folderImages.$inferInsert)[] = [];
  for (const [folder, image] of chooseFolderImages(images)) {
    const row = before.get(folder);
    if (row && row.path === image.path && row.sizeBytes === image.size && row.mtimeMs === image.mtimeMs) {
      hashByFolder.set(folder, row.hash);
      continue;
    }
    let hash: string;
    try {
      hash = artworkHash(await readFile(image.path));
    } catch {
      continue; // unreadable now: the folder has no cover this scan
    }
    hashByFolder.set(folder, hash);
    upserts.push({ path: image.path, hash, sizeBytes: image.size, mtimeMs: image.mtimeMs });
    if (row?.hash !== hash) changedFolders.set(folder, hash);
  }
  const gone = known.filter((row) => !isKept(row.path) && hashByFolder.get(path.dirname(row.path)) === undefined);
  for (const row of known) {
    if (isKept(row.path)) hashByFolder.set(path.dirname(row.path), row.hash);
  }
  for (const row of gone) changedFolders.set(path.dirname(row.path), null);
  // a folder whose chosen image changed name: the old row goes, the new one is upserted
  const replaced = known.filter((row) => upserts.some((u) => path.dirname(u.path) === path.dirname(row.path) && u.path !== row.path));
  const deletions = [...gone, ...replaced].map((row) => row.path);
  return { hashByFolder, changedFolders, rowsWritten: await writeFolderImages(db, upserts, deletions) };
}

async function writeFolderImages(db: Db, upserts: (typeof folderImages.$inferInsert)[], deletions: string[]): Promise<number> {
  if (!upserts.length && !deletions.length) return 0;
  return db.transaction(async (tx) => {
    let written = 0;
    if (deletions.length) written += (await tx.delete(folderImages).where(inArray(folderImages.path, deletions)).returning()).length;
    for (let i = 0; i < upserts.length; i += 500) {
      const rows = await tx
        .insert(folderImages)
        .values(upserts.slice(i, i + 500))
        .onConflictDoUpdate({
          target: folderImages.path,
          set: { hash: sql`excluded.hash`, sizeBytes: sql`excluded.size_bytes`, mtimeMs: sql`excluded.mtime_ms` },
        })
        .returning({ path: folderImages.path });
      written += rows.length;
    }
    return written;
  });
}

/** Songs already in the library whose folder's cover changed get the new hash (ids by folder, from the known songs). */
export async function applyFolderChanges(db: Db, knownPaths: Iterable<{ id: string; filePath: string }>, changed: Map<string, string | null>): Promise<number> {
  if (!changed.size) return 0;
  const idsByFolder = new Map<string, string[]>();
  for (const { id, filePath } of knownPaths) {
    const folder = path.dirname(filePath);
    if (changed.has(folder)) idsByFolder.set(folder, [...(idsByFolder.get(folder) ?? []), id]);
  }
  let written = 0;
  for (const [folder, ids] of idsByFolder) {
    const rows = await db
      .update(songs)
      .set({ folderImageHash: changed.get(folder) ?? null })
      .where(inArray(songs.id, ids))
      .returning({ id: songs.id });
    written += rows.length;
  }
  return written;
}
