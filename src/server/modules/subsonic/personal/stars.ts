import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { itemStars } from '../../../db/schema';
import { setLiked } from '../../liked/service';
import { assertAllExist } from './ids';

export interface StarRequest {
  songIds: string[];
  albumIds: string[];
  artistIds: string[];
}

/**
 * star and unstar (docs/subsonic.md, Personal): a song's star is the web app's like,
 * albums and artists go to item_stars. Every id is checked before anything is written, and both
 * directions are idempotent.
 */
export async function setStars(db: Db, userId: string, request: StarRequest, starred: boolean, now: Date): Promise<void> {
  const songIds = await assertAllExist(db, 'song', request.songIds);
  const albumIds = await assertAllExist(db, 'album', request.albumIds);
  const artistIds = await assertAllExist(db, 'artist', request.artistIds);
  await setLiked(db, userId, songIds, starred, now);
  await setItemStars(db, userId, 'album', albumIds, starred, now);
  await setItemStars(db, userId, 'artist', artistIds, starred, now);
}

async function setItemStars(db: Db, userId: string, itemKind: 'album' | 'artist', ids: string[], starred: boolean, now: Date): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if (starred) {
    await db
      .insert(itemStars)
      .values(unique.map((itemId) => ({ userId, itemKind, itemId, createdAt: now })))
      .onConflictDoNothing();
    return;
  }
  await db.delete(itemStars).where(and(eq(itemStars.userId, userId), eq(itemStars.itemKind, itemKind), inArray(itemStars.itemId, unique)));
}
