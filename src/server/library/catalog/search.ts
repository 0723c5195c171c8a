import { sql } from 'drizzle-orm';
import { SEARCH_GROUP_SIZE } from '../../../contract/browse';
import type { Db } from '../../db/open';
import { foldText } from '../../lib/text';
import { escapeLike, listSongs } from '../songs/songQueries';
import { toSongs } from '../songs/toSong';
import { albumSelect, albumWhere, toAlbum, type AlbumRow } from './albumRows';
import { rowsOf } from '../../db/rowsOf';
import { searchArtists } from './artistQueries';

/** docs/product.md §5.7: songs (title, artist, album), albums by name and artists by name, the first few of each. */
export async function searchLibrary(db: Db, q: string) {
  const term = escapeLike(foldText(q));
  const [songRows, albumResult, artists] = await Promise.all([
    listSongs(db, { search: q, limit: SEARCH_GROUP_SIZE }),
    db.execute(sql`${albumSelect()} ${albumWhere([sql`a.sort_key like ${`%${term}%`}`])} order by a.sort_key asc, a.id asc limit ${SEARCH_GROUP_SIZE}`),
    searchArtists(db, term, SEARCH_GROUP_SIZE),
  ]);
  return {
    songs: toSongs(songRows.slice(0, SEARCH_GROUP_SIZE)),
    albums: rowsOf<AlbumRow>(albumResult).map(toAlbum),
    artists,
  };
}
