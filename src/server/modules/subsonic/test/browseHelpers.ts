import { and, eq } from 'drizzle-orm';
import { albums, artists, itemRatings, itemStars } from '../../../db/schema';
import type { SubsonicFixture } from './subsonicFixture';

/** Ids and annotations of the browse fixture's library, read and written straight in the database. */
export function libraryIds(fx: SubsonicFixture) {
  const db = () => fx.t.app.db;
  return {
    async artist(name: string): Promise<string> {
      const [row] = await db().select({ id: artists.id }).from(artists).where(eq(artists.name, name));
      if (!row) throw new Error(`no artist ${name}`);
      return row.id;
    },
    async album(name: string, albumArtist: string): Promise<string> {
      const [row] = await db()
        .select({ id: albums.id })
        .from(albums)
        .where(and(eq(albums.name, name), eq(albums.albumArtist, albumArtist)));
      if (!row) throw new Error(`no album ${albumArtist} - ${name}`);
      return row.id;
    },
    async star(userId: string, itemKind: 'album' | 'artist', itemId: string, createdAt = new Date()) {
      await db().insert(itemStars).values({ userId, itemKind, itemId, createdAt });
    },
    async rate(userId: string, itemKind: 'song' | 'album' | 'artist', itemId: string, rating: number) {
      await db().insert(itemRatings).values({ userId, itemKind, itemId, rating });
    },
  };
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
