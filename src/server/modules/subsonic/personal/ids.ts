import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { isUuid } from '../../../lib/uuid';
import { sqlUuidArray } from '../../../db/sqlUuidArray';
import { notFound } from '../protocol/errors';
import { rowsOf } from '../../../db/rowsOf';

export type ItemKind = 'song' | 'album' | 'artist';

const TABLE: Record<ItemKind, string> = { song: 'songs', album: 'albums', artist: 'artists' };
const LABEL: Record<ItemKind, string> = { song: 'Song', album: 'Album', artist: 'Artist' };

/** The ids of `kind` among these that exist, in one query. */
export async function existingIds(db: Db, kind: ItemKind, ids: readonly string[]): Promise<Set<string>> {
  const wellFormed = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (wellFormed.length === 0) return new Set();
  const result = await db.execute(sql`select id from ${sql.raw(TABLE[kind])} where id = any(${sqlUuidArray(wellFormed)})`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

/** Error 70 naming the first id of `kind` that is malformed or unknown; nothing when all exist. */
export async function assertAllExist(db: Db, kind: ItemKind, ids: readonly string[]): Promise<string[]> {
  const found = await existingIds(db, kind, ids);
  const normalized = ids.map((id) => id.toLowerCase());
  const missing = normalized.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`${LABEL[kind]} '${missing}'`);
  return normalized;
}

/** Which kind of item an id names (a song, an album or an artist), or error 70. */
export async function kindOf(db: Db, id: string): Promise<ItemKind> {
  if (isUuid(id)) {
    const result = await db.execute(sql`
      select 'song' as kind from songs where id = ${id}::uuid
      union all select 'album' from albums where id = ${id}::uuid
      union all select 'artist' from artists where id = ${id}::uuid
      limit 1`);
    const [row] = rowsOf<{ kind: ItemKind }>(result);
    if (row) return row.kind;
  }
  throw notFound(`Item '${id}'`);
}
