import { and, count, sql } from 'drizzle-orm';
import { songs } from '../../../db/schema';
import type { MethodTable } from '../method';
import { SUBSONIC_ERROR, SubsonicError, notAuthorized } from '../protocol/errors';
import { MUSIC_FOLDER } from './musicFolder';
import { presentSongs } from '../../../library/songs/presentSongs';

/** The OpenSubsonic extensions served (docs/subsonic.md, Extensions). */
export const OPEN_SUBSONIC_EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
];

/** ping, getLicense, getOpenSubsonicExtensions, getMusicFolders, getUser, getScanStatus, startScan. */
export const systemMethods: MethodTable = {
  ping: { handle: async () => ({}) },

  getLicense: { handle: async () => ({ license: { valid: true } }) },

  getOpenSubsonicExtensions: { auth: 'public', handle: async () => ({ openSubsonicExtensions: OPEN_SUBSONIC_EXTENSIONS }) },

  getMusicFolders: { handle: async () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }) },

  getUser: {
    async handle({ user, params }) {
      const username = params.required('username');
      // listeners may read only themselves; there is no getUsers for them either
      if (username.toLowerCase() !== user.username.toLowerCase()) {
        if (user.role !== 'admin') throw notAuthorized("another user's details");
        throw new SubsonicError(SUBSONIC_ERROR.notFound, 'User not found.');
      }
      const admin = user.role === 'admin';
      return {
        user: {
          username: user.username,
          email: user.email,
          scrobblingEnabled: true,
          adminRole: admin,
          settingsRole: true,
          downloadRole: true,
          uploadRole: admin,
          playlistRole: true,
          coverArtRole: false,
          commentRole: false,
          podcastRole: false,
          streamRole: true,
          jukeboxRole: false,
          // everyone may share (docs/product.md §6)
          shareRole: true,
          videoConversionRole: false,
          folder: [MUSIC_FOLDER.id],
        },
      };
    },
  },

  getScanStatus: {
    async handle({ app, db }) {
      const status = app.library.status();
      if (status.running && status.progress) return { scanStatus: { scanning: true, count: status.progress.filesSeen } };
      const [row] = await db
        .select({ n: count() })
        .from(songs)
        .where(and(sql`${songs.playable}`, presentSongs));
      return { scanStatus: { scanning: false, count: Number(row?.n ?? 0) } };
    },
  },

  startScan: {
    auth: 'admin',
    async handle({ app }) {
      const answer = await app.library.start();
      if (answer === 'unconfigured') throw new SubsonicError(SUBSONIC_ERROR.generic, 'No music folder is set: start the server with MUSIC_DIR.');
      const status = app.library.status();
      return { scanStatus: { scanning: status.running, count: status.progress?.filesSeen ?? 0 } };
    },
  },
};
