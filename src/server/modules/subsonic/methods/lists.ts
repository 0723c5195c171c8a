import { sql, type SQL } from 'drizzle-orm';
import type { MethodTable, SubsonicContext } from '../method';
import { albumsID3, toAlbumDirectory } from '../mapping/album';
import { songChildrenWhere } from '../queries/songChildren';
import { albumListQuery } from '../queries/albumLists';
import { songInGenre } from '../queries/albums';

const MAX_SIZE = 500;

function albumList(ctx: SubsonicContext) {
  const query = albumListQuery(ctx.params, ctx.user.id);
  const limit = ctx.params.intInRange('size', 10, 0, MAX_SIZE);
  const offset = ctx.params.intInRange('offset', 0, 0, Number.MAX_SAFE_INTEGER);
  return albumsID3(ctx.db, ctx.user.id, { ...query, limit, offset });
}

/** getAlbumList, getAlbumList2, getRandomSongs, getSongsByGenre (docs/subsonic.md, Browsing). */
export const listsMethods: MethodTable = {
  getAlbumList: {
    async handle(ctx) {
      return { albumList: { album: (await albumList(ctx)).map(toAlbumDirectory) } };
    },
  },

  getAlbumList2: {
    async handle(ctx) {
      return { albumList2: { album: await albumList(ctx) } };
    },
  },

  getRandomSongs: {
    async handle(ctx) {
      const { params } = ctx;
      const size = params.intInRange('size', 10, 0, MAX_SIZE);
      const where: SQL[] = [sql`true`];
      const genre = params.string('genre');
      if (genre) where.push(songInGenre(genre));
      const fromYear = params.int('fromYear');
      const toYear = params.int('toYear');
      if (fromYear !== undefined) where.push(sql`s.year >= ${fromYear}`);
      if (toYear !== undefined) where.push(sql`s.year <= ${toYear}`);
      const song = await songChildrenWhere(ctx.db, ctx.user.id, sql.join(where, sql` and `), sql`random()`, size);
      return { randomSongs: { song } };
    },
  },

  getSongsByGenre: {
    async handle(ctx) {
      const { params } = ctx;
      const genre = params.required('genre');
      const count = params.intInRange('count', 10, 0, MAX_SIZE);
      const offset = params.intInRange('offset', 0, 0, Number.MAX_SAFE_INTEGER);
      const song = await songChildrenWhere(ctx.db, ctx.user.id, songInGenre(genre), sql`s.sort_key asc, s.id asc`, count, offset);
      return { songsByGenre: { song } };
    },
  },
};
