import { isNull, sql, type SQL } from 'drizzle-orm';
import { songs } from '../../db/schema';

/**
 * The one condition every list of songs applies (docs/product.md §5.7): a song whose scanned file
 * went missing or unreadable is hidden, while its id, likes, plays and playlist entries are kept.
 */
export const presentSongs: SQL = isNull(songs.missingSince);

/** The same condition for raw SQL over the songs table under `alias` ("s" in `from songs s`). */
export function presentSong(alias: string): SQL {
  if (!/^[a-z][a-z0-9_]*$/.test(alias)) throw new Error(`not a table alias: ${alias}`);
  return sql.raw(`${alias}.missing_since is null`);
}
