import { sql } from 'drizzle-orm';
import { foldText } from '../../../lib/text';
import { escapeLike, searchTextContains } from '../../../library/songs/songQueries';
import type { MethodTable, SubsonicContext } from '../method';
import { albumsID3, toAlbumDirectory } from '../mapping/album';
import { artistsID3, toFolderArtist } from '../mapping/artist';
import { songChildrenWhere } from '../queries/songChildren';
import { ALBUM_NAME_ORDER } from '../queries/albums';

const MAX_COUNT = 500;

/**
 * The folded search term. Apps sync the whole library by searching for nothing, some sending the
 * two characters `""`, so surrounding quotes and a trailing `*` are dropped (docs/subsonic.md, Browsing).
 */
export function searchTerm(query: string | undefined): string {
  let q = (query ?? '').trim();
  if (q.length >= 2 && q.startsWith('"') && q.endsWith('"')) q = q.slice(1, -1);
  return foldText(q.replace(/\*+$/, ''));
}

function page(ctx: SubsonicContext, kind: 'artist' | 'album' | 'song') {
  return {
    limit: ctx.params.intInRange(`${kind}Count`, 20, 0, MAX_COUNT),
    offset: ctx.params.intInRange(`${kind}Offset`, 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

/**
 * Artists and albums whose folded name contains the term, songs whose title, artist or album does
 * (the web app's search, browse/search.ts), each in stable name order; an empty term matches all.
 */
async function search(ctx: SubsonicContext) {
  const term = searchTerm(ctx.params.string('query'));
  const like = `%${escapeLike(term)}%`;
  const artists = page(ctx, 'artist');
  const albums = page(ctx, 'album');
  const songs = page(ctx, 'song');
  const user = ctx.user.id;
  const [artist, album, song] = await Promise.all([
    artists.limit ? artistsID3(ctx.db, user, term ? sql`ar.sort_key like ${like}` : null, artists.limit, artists.offset) : [],
    albums.limit ? albumsID3(ctx.db, user, { where: term ? [sql`a.sort_key like ${like}`] : [], order: ALBUM_NAME_ORDER, ...albums }) : [],
    songs.limit
      ? songChildrenWhere(
          ctx.db,
          user,
          term ? searchTextContains(sql`s.search_text`, term) : sql`true`,
          sql`s.sort_key asc, s.id asc`,
          songs.limit,
          songs.offset,
        )
      : [],
  ]);
  return { artist, album, song };
}

/** search2 (folder view) and search3 (ID3). */
export const searchMethods: MethodTable = {
  search2: {
    async handle(ctx) {
      const { artist, album, song } = await search(ctx);
      return { searchResult2: { artist: artist.map(toFolderArtist), album: album.map(toAlbumDirectory), song } };
    },
  },

  search3: {
    async handle(ctx) {
      return { searchResult3: await search(ctx) };
    },
  },
};
