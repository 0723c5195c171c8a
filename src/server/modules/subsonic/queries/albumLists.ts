import { sql, type SQL } from 'drizzle-orm';
import { keysetClauses, keysetSort, newSeed } from '../../../library/catalog/albumSorts';
import { invalidParameter, missingParameter } from '../protocol/errors';
import type { SubsonicParams } from '../protocol/params';
import { ALBUM_NAME_ORDER, albumInGenre, type AlbumPageInput } from './albums';

export const ALBUM_LIST_TYPES = [
  'random',
  'newest',
  'highest',
  'frequent',
  'recent',
  'starred',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'byYear',
  'byGenre',
] as const;

export type AlbumListType = (typeof ALBUM_LIST_TYPES)[number];

/** The browse module's sorts where they match (random, newest, by name, by artist): their ORDER BY. */
function browseSort(sort: 'random' | 'recent' | 'name' | 'artist'): Pick<AlbumPageInput, 'order' | 'extra'> {
  const keyset = keysetSort(sort);
  const seed = sort === 'random' ? newSeed() : '';
  return { order: keysetClauses(keyset, seed, null).order, extra: keyset.extra?.(seed) };
}

/** Albums the user did something with: `value` per album on alias a, those without one left out. */
function byUser(value: SQL, name: string, order: SQL): Pick<AlbumPageInput, 'order' | 'extra' | 'where'> {
  return { extra: sql`, ${value} as ${sql.raw(name)}`, where: [sql`${value} is not null`], order };
}

/** The albums the user starred, most recently starred first. */
export function starredAlbums(userId: string): Pick<AlbumPageInput, 'order' | 'extra' | 'where'> {
  const starred = sql`(select st.created_at from item_stars st where st.user_id = ${userId} and st.item_kind = 'album' and st.item_id = a.id)`;
  return byUser(starred, 'list_starred_at', sql`list_starred_at desc, a.id asc`);
}

/**
 * What getAlbumList(2) of `type` lists for the user (docs/subsonic.md, Browsing): the conditions,
 * order and extra columns of one albumsID3 page; paging comes from size and offset.
 */
export function albumListQuery(params: SubsonicParams, userId: string): Omit<AlbumPageInput, 'limit' | 'offset'> {
  const type = params.required('type');
  if (!(ALBUM_LIST_TYPES as readonly string[]).includes(type)) throw invalidParameter('type', `must be one of ${ALBUM_LIST_TYPES.join(', ')}`);
  const plays = sql`from play_events p join songs s on s.id = p.song_id where s.album_id = a.id and p.user_id = ${userId}`;
  switch (type as AlbumListType) {
    case 'random':
      return { where: [], ...browseSort('random') };
    case 'newest':
      return { where: [], ...browseSort('recent') };
    case 'alphabeticalByName':
      return { where: [], ...browseSort('name') };
    case 'alphabeticalByArtist':
      return { where: [], ...browseSort('artist') };
    case 'frequent':
      return byUser(sql`(select nullif(count(*), 0)::int ${plays})`, 'list_plays', sql`list_plays desc, a.sort_key asc, a.id asc`);
    case 'recent':
      return byUser(sql`(select max(p.played_at) ${plays})`, 'list_played_at', sql`list_played_at desc, a.id asc`);
    case 'starred':
      return starredAlbums(userId);
    case 'highest': {
      const rating = sql`(select r.rating from item_ratings r where r.user_id = ${userId} and r.item_kind = 'album' and r.item_id = a.id)`;
      return byUser(rating, 'list_rating', sql`list_rating desc, a.sort_key asc, a.id asc`);
    }
    case 'byYear': {
      const from = params.int('fromYear');
      const to = params.int('toYear');
      if (from === undefined) throw missingParameter('fromYear');
      if (to === undefined) throw missingParameter('toYear');
      const dir = sql.raw(from > to ? 'desc' : 'asc');
      return { where: [sql`a.year between ${Math.min(from, to)} and ${Math.max(from, to)}`], order: sql`a.year ${dir}, a.sort_key asc, a.id asc` };
    }
    case 'byGenre':
      return { where: [albumInGenre(params.required('genre'))], order: ALBUM_NAME_ORDER };
  }
}
