import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { rowsOf } from '../../../db/rowsOf';
import { isUuid } from '../../../lib/uuid';
import { notFound } from '../protocol/errors';
import type { SubsonicParams } from '../protocol/params';

export type ItemKind = 'artist' | 'album' | 'song';

/** The `id` parameter: missing answers 10, a malformed id 70 (no such item). */
export function idParam(params: SubsonicParams, what: string, name = 'id'): string {
  const id = params.required(name);
  if (!isUuid(id)) throw notFound(what);
  return id;
}

/** What an id names (artists, albums and songs share the uuid space), and the artist it leads to. */
export async function resolveItem(db: Db, id: string): Promise<{ kind: ItemKind; artistName: string } | null> {
  if (!isUuid(id)) return null;
  const result = await db.execute(sql`
    select 'artist' as kind, name as artist_name from artists where id = ${id}
    union all select 'album', album_artist from albums where id = ${id}
    union all select 'song', coalesce(artists[1], artist) from songs where id = ${id}
    limit 1`);
  const row = rowsOf<{ kind: ItemKind; artist_name: string }>(result)[0];
  return row ? { kind: row.kind, artistName: row.artist_name } : null;
}
