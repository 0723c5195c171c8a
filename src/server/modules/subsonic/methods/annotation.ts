import { inArray } from 'drizzle-orm';
import { users } from '../../../db/schema';
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
    async handle({ app, nowPlaying, db, user, params, now }) {
      const songIds = params.all('id');
      if (songIds.length === 0) throw missingParameter('id');
      const times = params.all('time').map((raw) => {
        if (!/^\d+$/.test(raw.trim())) throw invalidParameter('time', 'must be milliseconds since 1970');
        return Number(raw);
      });
      await scrobble(
        nowPlaying,
        db,
        user.id,
        { songIds, times, submission: params.bool('submission', true), client: params.string('c') ?? '' },
        now(),
        app.scrobble,
      );
      return {};
    },
  },

  /**
   * Everyone's apps' now playing (an app reports it by scrobble with submission=false); a user who
   * turned "Record my listening history" off (docs/product.md §2.10) is seen by no one but themselves.
   */
  getNowPlaying: {
    async handle({ nowPlaying, db, user, now }) {
      const at = now();
      const reports = nowPlaying.playing(at);
      if (reports.length === 0) return { nowPlaying: { entry: [] } };
      const userIds = [...new Set(reports.map((r) => r.userId))];
      const people = await db
        .select({ id: users.id, username: users.username, shared: users.recordListeningHistory })
        .from(users)
        .where(inArray(users.id, userIds));
      const byId = new Map(people.map((p) => [p.id, p]));
      const shown = reports.filter((r) => r.userId === user.id || byId.get(r.userId)?.shared === true);
      const children = new Map((await songChildren(db, user.id, [...new Set(shown.map((r) => r.songId))])).map((c) => [c.id, c]));
      const entry = shown.flatMap((report, i) => {
        const child = children.get(report.songId);
        const person = byId.get(report.userId);
        if (!child || !person) return [];
        const minutesAgo = Math.floor((at.getTime() - report.since.getTime()) / 60_000);
        return [{ ...child, username: person.username, minutesAgo, playerId: i + 1, playerName: report.client }];
      });
      return { nowPlaying: { entry } };
    },
  },
};
