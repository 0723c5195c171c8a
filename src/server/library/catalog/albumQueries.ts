import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Album, AlbumSort } from '../../../contract/browse';
import type { Db } from '../../db/open';
import { artists, songs, type SongRow } from '../../db/schema';
import { foldText } from '../../lib/text';
import { presentSong, presentSongs } from '../songs/presentSongs';
import { albumPage, albumSelect, albumWhere, songByArtist, toAlbum, type AlbumRow } from './albumRows';
import { rowsOf } from '../../db/rowsOf';
import { keysetClauses, keysetSort, newSeed } from './albumSorts';
import { decodeBrowseCursor, encodeBrowseCursor } from './cursor';

export interface AlbumsInput {
  sort: AlbumSort;
  genre?: string;
  year?: number;
  /** the artist's name (looked up from artistId) */
  artistName?: string;
  limit: number;
  cursor?: string;
}

function filters(input: AlbumsInput): SQL[] {
  const where: SQL[] = [];
  if (input.genre !== undefined) {
    where.push(sql`exists (select 1 from songs s, unnest(s.genres) g where s.album_id = a.id and ${presentSong('s')} and lower(g) = lower(${input.genre}))`);
  }
  if (input.year !== undefined) where.push(sql`a.year = ${input.year}`);
  if (input.artistName !== undefined) {
    const name = input.artistName;
    where.push(sql`(lower(a.album_artist) = lower(${name}) or exists (select 1 from songs s where s.album_id = a.id and ${songByArtist(name)}))`);
  }
  return where;
}

const whereOf = albumWhere;

/** Most played: plays of the album's songs, paged by offset (the counts move as people listen). */
async function listByPlays(db: Db, input: AlbumsInput) {
  const offset = input.cursor ? Number(decodeBrowseCursor(input.cursor, ['n'])[0]) : 0;
  const plays = sql`, (select count(*) from play_events p join songs s on s.id = p.song_id where s.album_id = a.id and ${presentSong('s')})::int as plays`;
  const order = sql`plays desc, a.sort_key asc, a.id asc`;
  const result = await db.execute(albumPage({ extra: plays, where: whereOf(filters(input)), order, limit: input.limit + 1, offset }));
  const rows = rowsOf<AlbumRow>(result);
  const nextCursor = rows.length > input.limit ? encodeBrowseCursor([offset + input.limit]) : null;
  return { albums: rows.slice(0, input.limit).map(toAlbum), nextCursor };
}

/** One page of albums in the asked order; nextCursor null on the last page. */
export async function listAlbums(db: Db, input: AlbumsInput): Promise<{ albums: Album[]; nextCursor: string | null }> {
  if (input.sort === 'played') return listByPlays(db, input);
  const sort = keysetSort(input.sort);
  const after = input.cursor ? decodeBrowseCursor(input.cursor, sort.shape) : null;
  const seed = input.sort === 'random' ? (after ? String(after[0]) : newSeed()) : '';
  const { order, where } = keysetClauses(sort, seed, after);
  const conditions = [...filters(input), ...(where ? [where] : [])];
  const result = await db.execute(albumPage({ extra: sort.extra?.(seed), where: whereOf(conditions), order, limit: input.limit + 1 }));
  const rows = rowsOf<AlbumRow>(result);
  const last = rows.length > input.limit ? rows[input.limit - 1] : undefined;
  return { albums: rows.slice(0, input.limit).map(toAlbum), nextCursor: last ? encodeBrowseCursor(sort.values(last, seed)) : null };
}

export async function findAlbum(db: Db, id: string): Promise<Album | null> {
  const rows = rowsOf<AlbumRow>(await db.execute(sql`${albumSelect()} ${albumWhere([sql`a.id = ${id}`])}`));
  return rows[0] ? toAlbum(rows[0]) : null;
}

/** The id of the artist named `name` (compared folded, as artists.sort_key is), or null. */
export async function artistIdByName(db: Db, name: string): Promise<string | null> {
  const [row] = await db
    .select({ id: artists.id })
    .from(artists)
    .where(eq(artists.sortKey, foldText(name)));
  return row?.id ?? null;
}

/** The album's songs, disc then track (songs_album_idx), unnumbered ones last. */
export function albumSongs(db: Db, albumId: string): Promise<SongRow[]> {
  return db
    .select()
    .from(songs)
    .where(and(eq(songs.albumId, albumId), presentSongs))
    .orderBy(sql`${songs.discNumber} asc nulls last`, sql`${songs.trackNumber} asc nulls last`, asc(songs.sortKey), asc(songs.id));
}

/** Every album the artist is the album artist of or appears on, by year then name. */
export async function albumsOfArtist(db: Db, name: string): Promise<Album[]> {
  const condition = filters({ sort: 'name', artistName: name, limit: 0 });
  const result = await db.execute(sql`${albumSelect()} ${whereOf(condition)} order by a.year asc nulls last, a.sort_key asc, a.id asc`);
  return rowsOf<AlbumRow>(result).map(toAlbum);
}
