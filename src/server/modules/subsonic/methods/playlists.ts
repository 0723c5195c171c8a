import { CreatePlaylistBody, UpdatePlaylistBody } from '../../../../contract/playlists';
import { parseInput } from '../../../lib/httpError';
import { createPlaylist, rewritePlaylistSongs, updatePlaylist } from '../../playlists/repository';
import { PlaylistService } from '../../playlists/service';
import type { MethodTable } from '../method';
import { invalidParameter, missingParameter, notAuthorized } from '../protocol/errors';
import { assertAllExist } from '../personal/ids';
import { assertSongCount, ownPlaylist, playlistViews, playlistWithSongs } from '../personal/playlists';

/** songIndexToRemove values: positions in the playlist as it was before the call. */
function indexes(raw: string[]): number[] {
  return raw.map((value) => {
    if (!/^\d+$/.test(value.trim())) throw invalidParameter('songIndexToRemove', 'must be a whole number from 0');
    return Number(value);
  });
}

/**
 * getPlaylists, getPlaylist, createPlaylist, updatePlaylist, deletePlaylist: the web app's own
 * playlists, with its rules and messages (docs/subsonic.md, Personal): private to their owner,
 * names of 1 to 100 characters, each song at most once.
 */
export const playlistsMethods: MethodTable = {
  getPlaylists: {
    async handle({ db, user, params }) {
      const username = params.string('username');
      // the web app's playlists are private: nobody, an admin included, lists another user's
      if (username && username.toLowerCase() !== user.username.toLowerCase()) throw notAuthorized("another user's playlists");
      return { playlists: { playlist: await playlistViews(db, user) } };
    },
  },

  getPlaylist: {
    async handle({ db, user, params }) {
      return { playlist: await playlistWithSongs(db, user, params.required('id')) };
    },
  },

  /** A new playlist (name), or the songs of one replaced (playlistId); answers it as getPlaylist. */
  createPlaylist: {
    async handle({ db, user, params, now }) {
      const playlistId = params.string('playlistId');
      const name = params.string('name');
      assertSongCount(params.all('songId').length);
      const songIds = await assertAllExist(db, 'song', params.all('songId'));
      let row;
      if (playlistId) {
        row = await ownPlaylist(db, user.id, playlistId);
        if (name !== undefined) row = await updatePlaylist(db, row, parseInput(UpdatePlaylistBody, { name }), now());
      } else {
        if (name === undefined) throw missingParameter('name');
        row = await createPlaylist(db, user.id, { ...parseInput(CreatePlaylistBody, { name }), coverPath: null, coverMime: null }, now());
      }
      if (playlistId || songIds.length > 0) await rewritePlaylistSongs(db, row, () => songIds, now());
      return { playlist: await playlistWithSongs(db, user, row.id) };
    },
  },

  /** `public` is accepted and ignored: the web app has no shared playlists. */
  updatePlaylist: {
    async handle({ db, user, params, now }) {
      const row = await ownPlaylist(db, user.id, params.required('playlistId'));
      const changes = parseInput(UpdatePlaylistBody, { name: params.string('name'), description: params.string('comment') });
      assertSongCount(params.all('songIdToAdd').length);
      const toAdd = await assertAllExist(db, 'song', params.all('songIdToAdd'));
      const toRemove = new Set(indexes(params.all('songIndexToRemove')));
      if (toAdd.length > 0 || toRemove.size > 0) {
        await rewritePlaylistSongs(
          db,
          row,
          (current) => {
            const beyond = [...toRemove].find((index) => index >= current.length);
            if (beyond !== undefined) throw invalidParameter('songIndexToRemove', `${beyond} is past the end of the playlist (${current.length} songs)`);
            const next = [...current.filter((_, index) => !toRemove.has(index)), ...toAdd];
            assertSongCount(new Set(next).size);
            return next;
          },
          now(),
        );
      }
      if (changes.name !== undefined || changes.description !== undefined) await updatePlaylist(db, row, changes, now());
      return {};
    },
  },

  deletePlaylist: {
    async handle({ db, user, params, options }) {
      const row = await ownPlaylist(db, user.id, params.required('id'));
      await new PlaylistService(db, options.config.mediaDir).delete(row);
      return {};
    },
  },
};
