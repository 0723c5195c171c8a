import type { MethodTable, SubsonicContext } from '../method';
import { songChildren } from '../queries/songChildren';
import { invalidParameter, missingParameter } from '../protocol/errors';
import type { SubsonicParams } from '../protocol/params';
import { setRating } from '../personal/ratings';
import { scrobble } from '../personal/scrobble';
import { setStars, type StarRequest } from '../personal/stars';

function starRequest(params: SubsonicParams): StarRequest {
  const request = { songIds: params.all('id'), albumIds: params.all('albumId'), artistIds: params.all('artistId') };
  if (request.songIds.length + request.albumIds.length + request.artistIds.length === 0) throw missingParameter('id');
  return request;
}

const star = (starred: boolean) => ({
  async handle({ db, user, params, now }: SubsonicContext) {
    await setStars(db, user.id, starRequest(params), starred, now());
    return {};
  },
});

/** star, unstar, setRating, scrobble and getNowPlaying (docs/subsonic.md, Personal; Plays). */
export const annotationMethods: MethodTable = {
  star: star(true),
  unstar: star(false),

  setRating: {
    async handle({ db, user, params, now }) {
      const id = params.required('id');
      const rating = params.requiredInt('rating');
      if (rating < 0 || rating > 5) throw invalidParameter('rating', 'must be from 0 (no rating) to 5');
      await setRating(db, user.id, id, rating, now());
      return {};
    },
  },

  scrobble: {
    async handle({ nowPlaying, db, user, params, now }) {
      const songIds = params.all('id');
      if (songIds.length === 0) throw missingParameter('id');
      const times = params.all('time').map((raw) => {
        if (!/^\d+$/.test(raw.trim())) throw invalidParameter('time', 'must be milliseconds since 1970');
        return Number(raw);
      });
      await scrobble(nowPlaying, db, user.id, { songIds, times, submission: params.bool('submission', true), client: params.string('c') ?? '' }, now());
      return {};
    },
  },

  /** Only the user's own now playing: what others listen to stays private, as in the web app. */
  getNowPlaying: {
    async handle({ nowPlaying, db, user, now }) {
      const at = now();
      const playing = nowPlaying.of(user.id, at);
      if (!playing) return { nowPlaying: { entry: [] } };
      const [child] = await songChildren(db, user.id, [playing.songId]);
      if (!child) return { nowPlaying: { entry: [] } };
      const minutesAgo = Math.floor((at.getTime() - playing.since.getTime()) / 60_000);
      return { nowPlaying: { entry: [{ ...child, username: user.username, minutesAgo, playerId: 1, playerName: playing.client }] } };
    },
  },
};
