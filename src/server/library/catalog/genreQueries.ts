import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { rowsOf } from '../../db/rowsOf';
import { presentSong } from '../songs/presentSongs';

/** Each genre of the library (the songs' genres arrays unnested) with its song and album counts, name order. */
export async function listGenres(db: Db) {
  const result = await db.execute(sql`select g as name, count(distinct s.id)::int as song_count, count(distinct s.album_id)::int as album_count
    from songs s cross join lateral unnest(s.genres) g
    where ${presentSong('s')}
    group by g order by lower(g) asc, g asc`);
  return rowsOf<{ name: string; song_count: number | string; album_count: number | string }>(result).map((row) => ({
    name: row.name,
    songCount: Number(row.song_count),
    albumCount: Number(row.album_count),
  }));
}
