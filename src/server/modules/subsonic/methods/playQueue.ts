import type { MethodTable } from '../method';
import { invalidParameter } from '../protocol/errors';
import { bookmarksOf, deleteBookmark, saveBookmark } from '../personal/bookmarks';
import { assertAllExist } from '../personal/ids';
import { assertSongCount } from '../personal/playlists';
import { queueOf, saveQueue } from '../personal/playQueue';

/** getPlayQueue, savePlayQueue and the bookmarks (docs/subsonic.md, Personal). */
export const playQueueMethods: MethodTable = {
  /** No saved queue: a queue with no entries, changed at the epoch, so an app never prefers it to its own (OpenSubsonic requires playQueue). */
  getPlayQueue: {
    async handle({ db, user }) {
      const playQueue = await queueOf(db, user);
      return { playQueue: playQueue ?? { username: user.username, changed: new Date(0).toISOString(), changedBy: '' } };
    },
  },

  savePlayQueue: {
    async handle({ db, user, params, now }) {
      assertSongCount(params.all('id').length);
      const songIds = await assertAllExist(db, 'song', params.all('id'));
      const current = params.string('current')?.toLowerCase() || null;
      if (songIds.length > 0 && current !== null && !songIds.includes(current)) throw invalidParameter('current', 'must be one of the ids of the queue');
      const positionMs = params.int('position', 0);
      if (positionMs < 0) throw invalidParameter('position', 'must not be negative');
      await saveQueue(db, user.id, { songIds, currentSongId: current, positionMs, changedBy: params.string('c') ?? '' }, now());
      return {};
    },
  },

  getBookmarks: {
    async handle({ db, user }) {
      return { bookmarks: { bookmark: await bookmarksOf(db, user) } };
    },
  },

  createBookmark: {
    async handle({ db, user, params, now }) {
      const songId = params.required('id');
      const positionMs = params.requiredInt('position');
      await saveBookmark(db, user.id, { songId, positionMs, comment: params.string('comment') ?? '' }, now());
      return {};
    },
  },

  deleteBookmark: {
    async handle({ db, user, params }) {
      await deleteBookmark(db, user.id, params.required('id'));
      return {};
    },
  },
};
