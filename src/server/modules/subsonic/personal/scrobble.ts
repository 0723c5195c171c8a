import type { Db } from '../../../db/open';
import type { Listens } from '../../scrobble/listens';
import { recordPlayAt } from '../../stats/service';
import { invalidParameter } from '../protocol/errors';
import { assertAllExist } from './ids';
import type { NowPlayingTable } from './nowPlaying';

/** Plays counted by scrobble carry this source in the web app's history. */
export const SCROBBLE_SOURCE = 'subsonic';

export interface ScrobbleRequest {
  songIds: string[];
  /** ms since the epoch, one per id when given */
  times: number[];
  submission: boolean;
  client: string;
}

/**
 * scrobble (docs/subsonic.md, Personal): a submission is a play counted as the web app counts one
 * (30 s dedupe, the user's "Record my listening history" setting), at the time the app says it
 * happened but never in the future; without submission the song becomes the user's now playing.
 * Both reach the user's ListenBrainz and Last.fm through the one listen path (docs/product.md §5.10).
 */
export async function scrobble(
  nowPlaying: NowPlayingTable,
  db: Db,
  userId: string,
  request: ScrobbleRequest,
  now: Date,
  listens: Pick<Listens, 'listened' | 'nowPlaying'>,
): Promise<void> {
  if (request.times.length > 0 && request.times.length !== request.songIds.length) {
    throw invalidParameter('time', 'must be given once per id, or not at all');
  }
  const songIds = await assertAllExist(db, 'song', request.songIds);
  if (!request.submission) {
    const last = songIds.at(-1);
    if (!last) return;
    nowPlaying.set(userId, { songId: last, since: now, client: request.client });
    // best effort, not waited for: the app's call never waits on ListenBrainz or Last.fm
    listens.nowPlaying(userId, last, { chosen: true }).catch(() => undefined);
    return;
  }
  for (const [i, songId] of songIds.entries()) {
    const at = request.times[i];
    const playedAt = at === undefined || at > now.getTime() ? now : new Date(at);
    await recordPlayAt(db, userId, songId, SCROBBLE_SOURCE, playedAt);
    await listens.listened(userId, songId, { at: playedAt, chosen: true });
  }
}
