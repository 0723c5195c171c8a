import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { rowsOf } from '../../../db/rowsOf';
import { sqlUuidArray } from '../../../db/sqlUuidArray';
import { presentSong } from '../../../library/songs/presentSongs';
import { isUuid } from '../../../lib/uuid';
import { artistIdsByName } from '../mapping/artistIds';
import { namesOf, toChild, type Child, type ChildRow } from '../mapping/child';

/**
 * The Children of songs picked by `where` (on alias s) in `order`, for one user: their like
 * (starred), rating and plays come from one statement, artist ids from one more, never a query per song.
 * Songs marked missing are never answered (docs/product.md §5.7).
 */
export async function songChildrenWhere(db: Db, userId: string, where: SQL, order: SQL = sql`s.sort_key, s.id`, limit = 500, offset = 0): Promise<Child[]> {
  const result = await db.execute(sql`
    select s.id, s.title, s.artist, s.artists, s.album, s.album_id, s.album_artist, s.track_number, s.disc_number, s.year,
      s.genres, s.duration_ms, s.size_bytes, s.mime_type, s.path, s.file_path, s.codec, s.bit_rate, s.sample_rate,
      s.mbz_track_id, s.rg_track_gain, s.rg_track_peak, s.rg_album_gain, s.rg_album_peak, s.artwork_hash, s.sort_key,
      s.created_at, ls.created_at as starred_at, r.rating, coalesce(pe.play_count, 0) as play_count, pe.played_at
    from songs s
    left join liked_songs ls on ls.song_id = s.id and ls.user_id = ${userId}
    left join item_ratings r on r.user_id = ${userId} and r.item_kind = 'song' and r.item_id = s.id
    left join lateral (
      select count(*)::int as play_count, max(p.played_at) as played_at from play_events p where p.song_id = s.id and p.user_id = ${userId}
    ) pe on true
    where ${presentSong('s')} and (${where})
    order by ${order}
    limit ${limit} offset ${offset}`);
  const rows = rowsOf<ChildRow>(result);
  const names = rows.flatMap((row) => [...namesOf(row), ...(row.album_artist ? [row.album_artist] : [])]);
  const ids = await artistIdsByName(db, names);
  return rows.map((row) => toChild(row, ids));
}

/** The Children of these songs, in the order given; unknown ids are left out. */
export async function songChildren(db: Db, userId: string, songIds: readonly string[]): Promise<Child[]> {
  const unique = [...new Set(songIds.filter(isUuid))];
  if (unique.length === 0) return [];
  const found = await songChildrenWhere(db, userId, sql`s.id = any(${sqlUuidArray(unique)})`, sql`s.id`, unique.length);
  const byId = new Map(found.map((child) => [child.id, child]));
  return songIds.flatMap((id) => byId.get(id) ?? []);
}
