import { MESSAGES } from '../../../contract/messages';
import type { ScrobbleTrack, SongRow } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { findSong } from '../../library/songs/songQueries';
import { enqueue } from './queue';
import type { SenderDeps } from './sender';

/** docs/product.md §5.10: a song of 30 s or less is never scrobbled (the services' own rule). */
export const MIN_SCROBBLE_MS = 30_000;

export interface ListenOptions {
  /** when the listen began */
  at: Date;
  /** false for the radio: the station chose the song */
  chosen: boolean;
}

export function trackOf(song: SongRow): ScrobbleTrack {
  return {
    artist: song.artist,
    title: song.title,
    album: song.album,
    durationMs: song.durationMs,
    trackNumber: song.trackNumber,
    recordingMbid: song.mbzTrackId,
    releaseMbid: song.mbzAlbumId,
    artistMbids: song.mbzArtistId ? [song.mbzArtistId] : [],
  };
}

/** The sender's parts (the database, the connections, the services' clients), and a call when a listen is queued. */
export interface ListensDeps extends SenderDeps {
  /** the queue has something new */
  queued: () => void;
}

/**
 * The one path of every listen (docs/decisions/scrobbling.md): the web player's scrobble point,
 * Subsonic's scrobble with submission, the radio's listeners. "Record my listening history" off,
 * or no connection: nothing is queued or sent.
 */
export function createListens(deps: ListensDeps) {
  async function songOf(songId: string): Promise<SongRow> {
    const song = await findSong(deps.db, songId);
    if (!song) throw new HttpError(404, MESSAGES.songNotFound);
    return song;
  }

  /** Queues the listen of one song by each of the users, for each of their services; answers how many it queued. */
  async function listenedBy(userIds: string[], songId: string, options: ListenOptions): Promise<number> {
    const song = await songOf(songId);
    if (song.durationMs <= MIN_SCROBBLE_MS) return 0;
    // none for a user who records no history, whatever a device sends
    const connections = await deps.connections.recording(userIds);
    if (connections.length === 0) return 0;
    const track = trackOf(song);
    const now = new Date(deps.now());
    await enqueue(
      deps.db,
      connections.map((c) => ({ userId: c.userId, service: c.service, track, listenedAt: options.at, chosenByUser: options.chosen, now })),
    );
    deps.queued();
    return connections.length;
  }

  /** Tells the users' services what plays now (the radio's whole audience at once), best effort: nothing queued, a failure only logged. */
  async function nowPlayingFor(userIds: string[], songId: string, options: { chosen: boolean }): Promise<void> {
    const song = await songOf(songId);
    const connections = await deps.connections.recording(userIds);
    const track = trackOf(song);
    await Promise.all(
      connections.map(async (c) => {
        const outcome =
          c.service === 'listenbrainz'
            ? await deps.listenBrainz.playingNow(c.secret, track, options.chosen)
            : deps.lastfm
              ? await deps.lastfm.updateNowPlaying(c.secret, track)
              : ({ kind: 'drop', reason: 'Last.fm is not set up on this server' } as const);
        if (outcome.kind !== 'sent') deps.log.info({ userId: c.userId, service: c.service, reason: outcome.reason }, 'scrobble: now playing not sent');
      }),
    );
  }

  return {
    listenedBy,
    /** Queues the user's listen for each of their services; answers how many it queued. */
    listened: (userId: string, songId: string, options: ListenOptions) => listenedBy([userId], songId, options),

    /** Tells the user's services what plays now, best effort: nothing queued, a failure only logged. */
    nowPlaying: (userId: string, songId: string, options: { chosen: boolean }) => nowPlayingFor([userId], songId, options),
    nowPlayingFor,
  };
}

export type Listens = ReturnType<typeof createListens>;
