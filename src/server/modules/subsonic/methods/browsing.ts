import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rowsOf';
import { listGenres } from '../../../library/catalog/genreQueries';
import type { MethodTable, SubsonicContext } from '../method';
import { albumsID3, albumSongChildren, albumWithSongs, toAlbumDirectory } from '../mapping/album';
import { artistID3, artistsID3, IGNORED_ARTICLES, indexed, toFolderArtist } from '../mapping/artist';
import { songChildren, songChildrenWhere } from '../queries/songChildren';
import { notFound } from '../protocol/errors';
import { albumByArtist } from '../queries/albums';
import { idParam, resolveItem } from '../queries/ids';

const ARTIST_ALBUM_ORDER = sql`a.year asc nulls last, a.sort_key asc, a.id asc`;
const MAX_SONGS = 500;

/** Songs (alias s) credited to the artist named `name` (browse/artistQueries.ts topSongs). */
const songOfArtist = (name: string) => sql`exists (select 1 from unnest(s.artists) x where lower(x) = lower(${name}))`;

function artistAlbums(ctx: SubsonicContext, name: string) {
  return albumsID3(ctx.db, ctx.user.id, { where: [albumByArtist(name)], order: ARTIST_ALBUM_ORDER, limit: 10_000 });
}

/**
 * The folder view (getIndexes, getMusicDirectory) is a tree as on disk: an album sits once, under
 * its album artist, so artists who only appear on others' albums have no folder of their own.
 */
const IS_ALBUM_ARTIST = sql`exists (select 1 from albums al where lower(al.album_artist) = lower(ar.name))`;

function folderAlbums(ctx: SubsonicContext, name: string) {
  return albumsID3(ctx.db, ctx.user.id, { where: [sql`lower(a.album_artist) = lower(${name})`], order: ARTIST_ALBUM_ORDER, limit: 10_000 });
}

/** When the library last changed as far as the index shows it (newest artist or album), in ms. */
async function lastModified(ctx: SubsonicContext): Promise<number> {
  const result = await ctx.db.execute(sql`select greatest((select max(created_at) from artists), (select max(created_at) from albums)) as at`);
  const at = rowsOf<{ at: Date | string | null }>(result)[0]?.at;
  return at ? new Date(at).getTime() : 0;
}

/** Songs "similar" to an artist: theirs, shuffled (docs/subsonic.md, Calls: no similarity data is kept). */
function songsLike(ctx: SubsonicContext, artistName: string, excludeId: string) {
  const count = ctx.params.intInRange('count', 50, 0, MAX_SONGS);
  return songChildrenWhere(ctx.db, ctx.user.id, sql`${songOfArtist(artistName)} and s.id <> ${excludeId}`, sql`random()`, count);
}

async function itemArtist(ctx: SubsonicContext, kinds: string[]) {
  const id = idParam(ctx.params, 'Item');
  const item = await resolveItem(ctx.db, id);
  if (!item || !kinds.includes(item.kind)) throw notFound('Item');
  return { id, ...item };
}

/** getIndexes, getMusicDirectory, getArtists, getArtist, getAlbum, getSong, getGenres, getTopSongs, similar songs and info. */
export const browsingMethods: MethodTable = {
  getIndexes: {
    async handle(ctx) {
      const [artists, modified] = await Promise.all([artistsID3(ctx.db, ctx.user.id, IS_ALBUM_ARTIST), lastModified(ctx)]);
      return { indexes: { ignoredArticles: IGNORED_ARTICLES, lastModified: modified, index: indexed(artists, toFolderArtist) } };
    },
  },

  getMusicDirectory: {
    async handle(ctx) {
      const id = idParam(ctx.params, 'Directory');
      const artist = await artistID3(ctx.db, ctx.user.id, id);
      if (artist) {
        const albums = await folderAlbums(ctx, artist.name);
        const child = albums.map(toAlbumDirectory);
        return { directory: { id, name: artist.name, starred: artist.starred, userRating: artist.userRating, child } };
      }
      const [album] = await albumsID3(ctx.db, ctx.user.id, { where: [sql`a.id = ${id}`], order: sql`a.id`, limit: 1 });
      if (!album) throw notFound('Directory');
      const child = await albumSongChildren(ctx.db, ctx.user.id, id);
      const { starred, userRating, playCount } = album;
      return { directory: { id, parent: album.artistId, name: album.name, starred, userRating, playCount, child } };
    },
  },

  getArtists: {
    async handle(ctx) {
      const artists = await artistsID3(ctx.db, ctx.user.id, null);
      return { artists: { ignoredArticles: IGNORED_ARTICLES, index: indexed(artists, (a) => a) } };
    },
  },

  getArtist: {
    async handle(ctx) {
      const artist = await artistID3(ctx.db, ctx.user.id, idParam(ctx.params, 'Artist'));
      if (!artist) throw notFound('Artist');
      return { artist: { ...artist, album: await artistAlbums(ctx, artist.name) } };
    },
  },

  getAlbum: {
    async handle(ctx) {
      const album = await albumWithSongs(ctx.db, ctx.user.id, idParam(ctx.params, 'Album'));
      if (!album) throw notFound('Album');
      return { album };
    },
  },

  getSong: {
    async handle(ctx) {
      const [song] = await songChildren(ctx.db, ctx.user.id, [idParam(ctx.params, 'Song')]);
      if (!song) throw notFound('Song');
      return { song };
    },
  },

  getGenres: {
    async handle(ctx) {
      const genres = await listGenres(ctx.db);
      return { genres: { genre: genres.map((g) => ({ value: g.name, songCount: g.songCount, albumCount: g.albumCount })) } };
    },
  },

  getTopSongs: {
    async handle(ctx) {
      const name = ctx.params.required('artist');
      const count = ctx.params.intInRange('count', 50, 0, MAX_SONGS);
      const plays = sql`(select count(*) from play_events p where p.song_id = s.id) desc, s.sort_key asc, s.id asc`;
      return { topSongs: { song: await songChildrenWhere(ctx.db, ctx.user.id, songOfArtist(name), plays, count) } };
    },
  },

  getSimilarSongs: {
    async handle(ctx) {
      const item = await itemArtist(ctx, ['artist', 'album', 'song']);
      return { similarSongs: { song: await songsLike(ctx, item.artistName, item.id) } };
    },
  },

  getSimilarSongs2: {
    async handle(ctx) {
      const item = await itemArtist(ctx, ['artist']);
      return { similarSongs2: { song: await songsLike(ctx, item.artistName, item.id) } };
    },
  },

  // no biographies or notes are kept: valid, empty answers for known ids
  getArtistInfo: {
    async handle(ctx) {
      await itemArtist(ctx, ['artist', 'album', 'song']);
      return { artistInfo: {} };
    },
  },

  getArtistInfo2: {
    async handle(ctx) {
      const artist = await artistID3(ctx.db, ctx.user.id, idParam(ctx.params, 'Artist'));
      if (!artist) throw notFound('Artist');
      return { artistInfo2: artist.musicBrainzId ? { musicBrainzId: artist.musicBrainzId } : {} };
    },
  },

  getAlbumInfo: {
    async handle(ctx) {
      await itemArtist(ctx, ['album', 'song']);
      return { albumInfo: {} };
    },
  },

  getAlbumInfo2: {
    async handle(ctx) {
      await itemArtist(ctx, ['album', 'song']);
      return { albumInfo: {} };
    },
  },
};
