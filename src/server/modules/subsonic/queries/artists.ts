import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { placeholderHashSql } from '../../../library/artwork/hashes';
import { rowsOf } from '../../../db/rowsOf';
import { presentSong } from '../../../library/songs/presentSongs';
import { artistPresent } from '../../../library/catalog/artistQueries';

export interface UserArtistRow {
  id: string;
  name: string;
  sort_key: string;
  mbz_artist_id: string | null;
  album_count: number | string;
  artwork_hash: string | null;
  starred_at: Date | string | null;
  rating: number | null;
}

/**
 * Artists (alias ar) chosen by `where`, in name order, with their album count and artwork counted
 * as the web app's artist list does (browse/artistQueries.ts: a song's artists and an album's album
 * artist, case ignored, found through migration 0008's indexes), and the user's star and rating.
 */
export async function userArtistRows(db: Db, userId: string, where: SQL | null, limit = 100_000, offset = 0): Promise<UserArtistRow[]> {
  const result = await db.execute(sql`with page as (
      select ar.id, ar.name, ar.sort_key, ar.mbz_artist_id from artists ar where ${where ? sql`${where} and ` : sql``}${artistPresent()}
      order by ar.sort_key asc, ar.id asc limit ${limit} offset ${offset}
    ),
    keys as (select distinct lower(name) as key from page),
    credits as (
      select lower(x) as key, s.album_id from songs s cross join lateral unnest(s.artists) x
        where wl_lower_all(s.artists) && (select array_agg(key) from keys) and lower(x) in (select key from keys) and ${presentSong('s')}
      union
      select lower(al.album_artist), al.id from albums al where lower(al.album_artist) in (select key from keys)
        and exists (select 1 from songs s where s.album_id = al.id and ${presentSong('s')})
    ),
    counted as (
      select p.id, p.name, p.sort_key, p.mbz_artist_id, count(distinct c.album_id)::int as album_count,
        array_remove(array_agg(distinct c.album_id), null) as album_ids
      from page p left join credits c on c.key = lower(p.name)
      group by p.id, p.name, p.sort_key, p.mbz_artist_id
    )
    select k.id, k.name, k.sort_key, k.mbz_artist_id, k.album_count, st.created_at as starred_at, r.rating,
      (select al.artwork_hash from albums al where al.id = any(k.album_ids) and al.artwork_hash is not null
        order by al.artwork_hash = ${placeholderHashSql(sql`al.name`)} asc, al.year desc nulls last, al.id asc limit 1) as artwork_hash
    from counted k
    left join item_stars st on st.user_id = ${userId} and st.item_kind = 'artist' and st.item_id = k.id
    left join item_ratings r on r.user_id = ${userId} and r.item_kind = 'artist' and r.item_id = k.id
    order by k.sort_key asc, k.id asc`);
  return rowsOf<UserArtistRow>(result);
}
