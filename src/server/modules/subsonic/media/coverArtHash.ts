import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { ARTWORK_HASH } from '../../../library/artwork/hashes';
import { rowsOf } from '../../../db/rowsOf';
import { findArtist } from '../../../library/catalog/artistQueries';
import { isUuid } from '../../../lib/uuid';

const ARTWORK_URL_PREFIX = '/api/artwork/';

/**
 * The artwork hash a getCoverArt id names: the hash itself (what coverArt fields carry), or a
 * song's, an album's, or an artist's (one of their albums', as the web app's artist cards show).
 * Null for an id that names nothing or something without artwork.
 */
export async function coverArtHash(db: Db, id: string): Promise<string | null> {
  if (ARTWORK_HASH.test(id)) return id;
  if (!isUuid(id)) return null;
  const rows = rowsOf<{ artwork_hash: string | null }>(
    await db.execute(sql`select artwork_hash from songs where id = ${id} union all select artwork_hash from albums where id = ${id}`),
  );
  if (rows.length > 0) return rows[0].artwork_hash;
  const artist = await findArtist(db, id);
  return artist?.artworkUrl?.startsWith(ARTWORK_URL_PREFIX) ? artist.artworkUrl.slice(ARTWORK_URL_PREFIX.length) : null;
}
