import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { itemRatings } from '../../../db/schema';
import { kindOf } from './ids';

/** setRating: 1 to 5 stars on a song, an album or an artist; 0 removes the rating. */
export async function setRating(db: Db, userId: string, itemId: string, rating: number, now: Date): Promise<void> {
  const itemKind = await kindOf(db, itemId);
  const id = itemId.toLowerCase();
  if (rating === 0) {
    await db.delete(itemRatings).where(and(eq(itemRatings.userId, userId), eq(itemRatings.itemKind, itemKind), eq(itemRatings.itemId, id)));
    return;
  }
  await db
    .insert(itemRatings)
    .values({ userId, itemKind, itemId: id, rating, updatedAt: now })
    .onConflictDoUpdate({ target: [itemRatings.userId, itemRatings.itemKind, itemRatings.itemId], set: { rating, updatedAt: now } });
}
