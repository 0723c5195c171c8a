import type { FastifyInstance } from 'fastify';

export interface NowPlaying {
  songId: string;
  since: Date;
  client: string;
}

/** A now-playing report older than this is stale: the app stopped without saying so. */
export const NOW_PLAYING_TTL_MS = 30 * 60 * 1000;

/** What each user is playing, by app (tests run several apps in one process), kept in memory only. */
const byApp = new WeakMap<FastifyInstance, Map<string, NowPlaying>>();

function table(app: FastifyInstance): Map<string, NowPlaying> {
  let map = byApp.get(app);
  if (!map) {
    map = new Map();
    byApp.set(app, map);
  }
  return map;
}

/** scrobble with submission=false: the user's one now-playing song. */
export function setNowPlaying(app: FastifyInstance, userId: string, entry: NowPlaying): void {
  table(app).set(userId, entry);
}

export function nowPlayingOf(app: FastifyInstance, userId: string, now: Date): NowPlaying | null {
  const entry = table(app).get(userId);
  if (!entry) return null;
  if (now.getTime() - entry.since.getTime() > NOW_PLAYING_TTL_MS) {
    table(app).delete(userId);
    return null;
  }
  return entry;
}
