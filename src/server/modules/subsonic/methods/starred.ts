import { sql } from 'drizzle-orm';
import type { MethodTable, SubsonicContext } from '../method';
import { albumsID3, toAlbumDirectory } from '../mapping/album';
import { artistsID3, toFolderArtist } from '../mapping/artist';
import { songChildrenWhere } from '../queries/songChildren';
import { starredAlbums } from '../queries/albumLists';

const ALL = 100_000;

/**
 * What the user starred: songs are the songs they liked in the web app (a star is a like), newest
 * first as the Liked page orders them; albums and artists come from item_stars (docs/subsonic.md, Personal).
 */
async function starred(ctx: SubsonicContext) {
  const user = ctx.user.id;
  const starredArtist = sql`exists (select 1 from item_stars st where st.user_id = ${user} and st.item_kind = 'artist' and st.item_id = ar.id)`;
  const [artist, album, song] = await Promise.all([
    artistsID3(ctx.db, user, starredArtist),
    albumsID3(ctx.db, user, { ...starredAlbums(user), limit: ALL }),
    songChildrenWhere(ctx.db, user, sql`ls.song_id is not null`, sql`ls.created_at desc, ls.id desc`, ALL),
  ]);
  return { artist, album, song };
}

/** getStarred (folder view) and getStarred2 (ID3). */
export const starredMethods: MethodTable = {
  getStarred: {
    async handle(ctx) {
      const { artist, album, song } = await starred(ctx);
      return { starred: { artist: artist.map(toFolderArtist), album: album.map(toAlbumDirectory), song } };
    },
  },

  getStarred2: {
    async handle(ctx) {
      return { starred2: await starred(ctx) };
    },
  },
};
