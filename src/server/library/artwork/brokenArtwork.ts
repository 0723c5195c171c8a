import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { albums, brokenArtworks, songs } from '../../db/schema';
import { refreshArtwork } from './refreshArtwork';

/** Whether a hash names a picture marked broken. */
export async function isArtworkBroken(db: Db, hash: string): Promise<boolean> {
  const [row] = await db.select({ hash: brokenArtworks.hash }).from(brokenArtworks).where(eq(brokenArtworks.hash, hash)).limit(1);
  return Boolean(row);
}

/**
 * Marks a picture that failed to render as broken, once and for good (broken_artworks): the albums
 * and songs that showed it choose their artwork again without it (refreshArtwork skips broken
 * hashes), so they fall back to the next source: the folder image, else the generated cover. The
 * songs keep their picture_hash: a rescan that reads the same bytes finds the same hash, still marked.
 */
export async function markArtworkBroken(db: Db, hash: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(brokenArtworks)
      .values({ hash, reason: reason.slice(0, 500) })
      .onConflictDoNothing();
    const holders = await tx
      .selectDistinct({ albumId: songs.albumId })
      .from(songs)
      .where(or(eq(songs.pictureHash, hash), eq(songs.folderImageHash, hash)));
    const albumIds = holders.flatMap((h) => (h.albumId ? [h.albumId] : []));
    if (albumIds.length) await refreshArtwork(tx, albumIds);
    // songs without an album: their own artwork was this picture, and there is nothing to fall back to
    await tx
      .update(songs)
      .set({ artworkHash: null })
      .where(sql`${songs.artworkHash} = ${hash} and ${songs.albumId} is null`);
  });
}

/** What the albums that showed a broken picture show now: the first such album's artwork, or null. */
export async function fallbackOf(db: Db, hash: string): Promise<string | null> {
  const [row] = await db
    .select({ artworkHash: albums.artworkHash })
    .from(songs)
    .innerJoin(albums, eq(albums.id, songs.albumId))
    .where(
      sql`(${songs.pictureHash} = ${hash} or ${songs.folderImageHash} = ${hash}) and ${albums.artworkHash} is not null and ${albums.artworkHash} <> ${hash}`,
    )
    .limit(1);
  return row?.artworkHash ?? null;
}
