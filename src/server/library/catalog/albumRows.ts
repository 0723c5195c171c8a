import { sql, type SQL } from 'drizzle-orm';
import type { Album } from '../../../contract/browse';
import { artworkUrlOf } from '../artwork/hashes';
import { presentSong } from '../songs/presentSongs';
import { durationSeconds } from '../songs/toSong';

/** An album row as albumSelect answers it (snake case, straight from SQL). */
export interface AlbumRow {
  id: string;
  name: string;
  album_artist: string;
  year: number | null;
  compilation: boolean;
  sort_key: string;
  artist_key: string;
  created_text: string;
  song_count: number | string;
  duration_ms: number | string;
  genres: string[] | null;
  artwork_hash: string | null;
  plays?: number | string;
  shuffle_key?: string;
}

/** Whether the album (alias a) holds a song whose file is present: albums of missing songs only are hidden (docs/product.md §5.7). */
export function albumPresent(): SQL {
  return sql`exists (select 1 from songs sp where sp.album_id = a.id and ${presentSong('sp')})`;
}

/** Whether a song (alias s) is by the artist named `name`: among its artists or its album's album artist ("Various Artists" for a compilation), case ignored. */
export function songByArtist(name: SQL | string): SQL {
  return sql`${presentSong('s')} and (exists (select 1 from unnest(s.artists) x where lower(x) = lower(${name})) or exists (select 1 from albums al where al.id = s.album_id and lower(al.album_artist) = lower(${name})))`;
}

/**
 * Albums (alias a) with their song count, duration and genres, computed by one lateral subquery
 * per album on songs_album_idx: one statement for a whole page, never a query per album. `from`
 * is the albums table or an already ordered and limited page of it (albumPage), so the counts are
 * computed for that page only.
 */
export function albumSelect(from: SQL = sql`albums`): SQL {
  return sql`select a.*, lower(a.album_artist) as artist_key, a.created_at::text as created_text, st.song_count, st.duration_ms, st.genres
    from ${from} a
    cross join lateral (
      select count(*)::int as song_count, coalesce(sum(s.duration_ms), 0)::bigint as duration_ms,
        array(select distinct g from songs s2, unnest(s2.genres) g where s2.album_id = a.id and ${presentSong('s2')} order by g) as genres
      from songs s where s.album_id = a.id and ${presentSong('s')}
    ) st`;
}

/** `where` of every album list: the conditions given, and the album's presence. */
export function albumWhere(conditions: SQL[]): SQL {
  return sql`where ${sql.join([...conditions, albumPresent()], sql` and `)}`;
}

/** One page of albums: chosen and ordered on the albums alone, then counted; `extra` adds sort columns; `where` from albumWhere. */
export function albumPage(input: { extra?: SQL; where: SQL; order: SQL; limit: number; offset?: number }): SQL {
  const page = sql`(select a.* ${input.extra ?? sql``} from albums a ${input.where} order by ${input.order} limit ${input.limit} offset ${input.offset ?? 0})`;
  return sql`${albumSelect(page)} order by ${input.order}`;
}

export function toAlbum(row: AlbumRow): Album {
  return {
    id: row.id,
    name: row.name,
    albumArtist: row.album_artist,
    year: row.year,
    compilation: row.compilation,
    songCount: Number(row.song_count),
    duration: durationSeconds(Number(row.duration_ms)),
    genres: row.genres ?? [],
    artworkUrl: artworkUrlOf(row.artwork_hash),
  };
}
