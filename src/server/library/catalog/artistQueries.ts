import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { Artist } from '../../../contract/browse';
import type { Db } from '../../db/open';
import { songs, type SongRow } from '../../db/schema';
import { artworkUrlOf, placeholderHashSql } from '../artwork/hashes';
import { rowsOf } from '../../db/rowsOf';
import { presentSong, presentSongs } from '../songs/presentSongs';
import { decodeBrowseCursor, encodeBrowseCursor } from './cursor';

interface ArtistRow {
  id: string;
  name: string;
  sort_key: string;
  album_count: number | string;
  song_count: number | string;
  artwork_hash: string | null;
}

/**
 * Artists (alias ar, chosen by `where` and `tail`: order and limit) with their album and song
 * counts, and the artwork of one of their albums (real artwork before a placeholder, newest year first). The credits of the chosen artists (a song's artists, an album's album artist; case
 * ignored) are found through the songs_artists_lower_idx and albums_album_artist_lower_idx indexes
 * (migration 0008), never one scan per artist nor one of the whole library.
 */
function artistSelect(where: SQL, tail: SQL = sql``): SQL {
  return sql`with page as (select ar.id, ar.name, ar.sort_key from artists ar ${where} and ${artistPresent()} ${tail}),
    keys as (select distinct lower(name) as key from page),
    credits as (
      select lower(x) as key, s.id as song_id, s.album_id from songs s cross join lateral unnest(s.artists) x
        where wl_lower_all(s.artists) && (select array_agg(key) from keys) and lower(x) in (select key from keys) and ${presentSong('s')}
      union
      select lower(al.album_artist), s.id, s.album_id from songs s join albums al on al.id = s.album_id
        where lower(al.album_artist) in (select key from keys) and ${presentSong('s')}
    ),
    counted as (
      select p.id, p.name, p.sort_key, count(distinct c.album_id)::int as album_count, count(distinct c.song_id)::int as song_count,
        array_remove(array_agg(distinct c.album_id), null) as album_ids
      from page p left join credits c on c.key = lower(p.name)
      group by p.id, p.name, p.sort_key
    )
    select k.id, k.name, k.sort_key, k.album_count, k.song_count,
      (select al.artwork_hash from albums al where al.id = any(k.album_ids) and al.artwork_hash is not null
        order by al.artwork_hash = ${placeholderHashSql(sql`al.name`)} asc, al.year desc nulls last, al.id asc limit 1) as artwork_hash
    from counted k
    order by k.sort_key asc, k.id asc`;
}

/**
 * Whether the artist (alias ar) is credited on a song whose file is present (through the same
 * indexes as the credits): artists of missing songs only are hidden (docs/product.md §5.7).
 */
export function artistPresent(): SQL {
  return sql`(exists (select 1 from songs s where wl_lower_all(s.artists) @> array[lower(ar.name)] and ${presentSong('s')})
    or exists (select 1 from albums al join songs s on s.album_id = al.id where lower(al.album_artist) = lower(ar.name) and ${presentSong('s')}))`;
}

const toArtist = (row: ArtistRow): Artist => ({
  id: row.id,
  name: row.name,
  albumCount: Number(row.album_count),
  songCount: Number(row.song_count),
  artworkUrl: artworkUrlOf(row.artwork_hash),
});

/** Name order (the folded sort key, artists_sort_key), keyset pages. */
export async function listArtists(db: Db, input: { limit: number; cursor?: string }) {
  const after = input.cursor ? decodeBrowseCursor(input.cursor, ['s', 'u']) : null;
  const where = after ? sql`where (ar.sort_key, ar.id) > (${after[0]}::text, ${after[1]}::uuid)` : sql`where true`;
  const rows = rowsOf<ArtistRow>(await db.execute(artistSelect(where, sql`order by ar.sort_key asc, ar.id asc limit ${input.limit + 1}`)));
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
    .where(and(sql`exists (select 1 from unnest(${songs.artists}) x where lower(x) = lower(${name}))`, presentSongs))
    .orderBy(desc(plays), songs.sortKey, songs.id)
    .limit(TOP_SONGS);
}

/** Artists whose folded name contains the folded term. */
export async function searchArtists(db: Db, term: string, limit: number): Promise<Artist[]> {
  const where = sql`where ar.sort_key like ${`%${term}%`}`;
  return rowsOf<ArtistRow>(await db.execute(artistSelect(where, sql`order by ar.sort_key asc, ar.id asc limit ${limit}`))).map(toArtist);
}
