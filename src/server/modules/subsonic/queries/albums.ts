import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { presentSong } from '../../../library/songs/presentSongs';
import { albumPage, albumWhere, songByArtist, type AlbumRow } from '../../../library/catalog/albumRows';
import { rowsOf } from '../../../db/rowsOf';

/** An album row of the browse module's albumSelect, with the asking user's star, rating and plays. */
export interface UserAlbumRow extends AlbumRow {
  mbz_album_id: string | null;
  created_at: Date | string;
  starred_at: Date | string | null;
  rating: number | null;
  play_count: number | string;
  played_at: Date | string | null;
}

export interface AlbumPageInput {
  /** conditions on alias a (albums), joined with and */
  where: SQL[];
  /** the order, on alias a and the `extra` columns by bare name */
  order: SQL;
  /** extra columns of the page, `, <expr> as <name>` */
  extra?: SQL;
  limit: number;
  offset?: number;
}

/**
 * One page of albums (the browse module's albumPage: chosen and ordered on albums alone, then
 * counted) with the user's star, rating, play count and last play, all in one statement.
 */
export async function userAlbumRows(db: Db, userId: string, input: AlbumPageInput): Promise<UserAlbumRow[]> {
  const where = albumWhere(input.where);
  const page = albumPage({ extra: input.extra, where, order: input.order, limit: input.limit, offset: input.offset ?? 0 });
  const result = await db.execute(sql`select a.*, star.created_at as starred_at, r.rating, coalesce(pe.play_count, 0) as play_count, pe.played_at
    from (${page}) a
    left join item_stars star on star.user_id = ${userId} and star.item_kind = 'album' and star.item_id = a.id
    left join item_ratings r on r.user_id = ${userId} and r.item_kind = 'album' and r.item_id = a.id
    left join lateral (
      select count(*)::int as play_count, max(p.played_at) as played_at
      from play_events p join songs s on s.id = p.song_id where s.album_id = a.id and p.user_id = ${userId}
    ) pe on true
    order by ${input.order}`);
  return rowsOf<UserAlbumRow>(result);
}

/** Albums the artist named `name` is the album artist of or appears on (as the web app's artist page lists them). */
export function albumByArtist(name: string): SQL {
  return sql`(lower(a.album_artist) = lower(${name}) or exists (select 1 from songs s where s.album_id = a.id and ${songByArtist(name)}))`;
}

/** Albums with a song of this genre, case ignored. */
export function albumInGenre(genre: string): SQL {
  return sql`exists (select 1 from songs s, unnest(s.genres) g where s.album_id = a.id and ${presentSong('s')} and lower(g) = lower(${genre}))`;
}

/** Songs (alias s) of this genre, case ignored. */
export function songInGenre(genre: string): SQL {
  return sql`exists (select 1 from unnest(s.genres) g where lower(g) = lower(${genre}))`;
}

export const ALBUM_NAME_ORDER = sql`a.sort_key asc, a.id asc`;
