import { desc, sql, type SQL } from 'drizzle-orm';
import type { Artist } from '../../../contract/browse';
import type { Db } from '../../db/open';
import { songs, type SongRow } from '../../db/schema';
import { rowsOf, songByArtist } from './albumRows';
import { decodeBrowseCursor, encodeBrowseCursor } from './cursor';

interface ArtistRow {
  id: string;
  name: string;
  sort_key: string;
  album_count: number | string;
  song_count: number | string;
}

/** Artists (alias ar) with their album and song counts, computed in the same statement. */
function artistSelect(where: SQL): SQL {
  return sql`select ar.id, ar.name, ar.sort_key, c.album_count, c.song_count
    from artists ar
    cross join lateral (
      select count(distinct s.album_id)::int as album_count, count(*)::int as song_count
      from songs s where ${songByArtist(sql`ar.name`)}
    ) c
    ${where}`;
}

const toArtist = (row: ArtistRow): Artist => ({
  id: row.id,
  name: row.name,
  albumCount: Number(row.album_count),
  songCount: Number(row.song_count),
});

/** Name order (the folded sort key, artists_sort_key), keyset pages. */
export async function listArtists(db: Db, input: { limit: number; cursor?: string }) {
  const after = input.cursor ? decodeBrowseCursor(input.cursor, ['s', 'u']) : null;
  const where = after ? sql`where (ar.sort_key, ar.id) > (${after[0]}::text, ${after[1]}::uuid)` : sql``;
  const rows = rowsOf<ArtistRow>(await db.execute(sql`${artistSelect(where)} order by ar.sort_key asc, ar.id asc limit ${input.limit + 1}`));
  const last = rows.length > input.limit ? rows[input.limit - 1] : undefined;
  return { artists: rows.slice(0, input.limit).map(toArtist), nextCursor: last ? encodeBrowseCursor([last.sort_key, last.id]) : null };
}

export async function findArtist(db: Db, id: string): Promise<Artist | null> {
  const rows = rowsOf<ArtistRow>(await db.execute(artistSelect(sql`where ar.id = ${id}`)));
  return rows[0] ? toArtist(rows[0]) : null;
}

export const TOP_SONGS = 10;

/** The artist's songs by plays (all listeners), then title; songs never played come last. */
export function topSongs(db: Db, name: string): Promise<SongRow[]> {
  const plays = sql`(select count(*) from play_events p where p.song_id = ${songs.id})`;
  return db
    .select()
    .from(songs)
    .where(sql`exists (select 1 from unnest(${songs.artists}) x where lower(x) = lower(${name}))`)
    .orderBy(desc(plays), songs.sortKey, songs.id)
    .limit(TOP_SONGS);
}

/** Artists whose folded name contains the folded term. */
export async function searchArtists(db: Db, term: string, limit: number): Promise<Artist[]> {
  const where = sql`where ar.sort_key like ${`%${term}%`}`;
  return rowsOf<ArtistRow>(await db.execute(sql`${artistSelect(where)} order by ar.sort_key asc, ar.id asc limit ${limit}`)).map(toArtist);
}
