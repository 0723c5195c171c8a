import type { FastifyBaseLogger } from 'fastify';
import type { LiveSnapshot } from '../radio/snapshot';
import type { Listens } from './listens';

/** docs/product.md §5.10: the listening a radio listener needs for a listen, as in the web player. */
export const MIN_RADIO_TRACK_MS = 30_000;
export const MAX_LISTEN_POINT_MS = 240_000;
export const radioListenPoint = (durationMs: number) => Math.min(durationMs / 2, MAX_LISTEN_POINT_MS);

interface OnAir {
  itemId: string;
  songId: string;
  startedAt: number;
  durationMs: number;
}

export interface RadioFeed {
  onStationRead(watch: (snapshot: LiveSnapshot) => void): void;
  onListenersChanged(watch: (userId: string) => void): void;
  isTunedIn(userId: string): boolean;
}

/**
 * The radio's listens (docs/decisions/scrobbling.md): while a track is on air, how long each user
 * of this instance was tuned in to it (socket or signed stream); when it leaves the air (it ended,
 * was skipped, or the radio stopped), each who heard it to its scrobble point gets a listen through
 * the one path, marked not chosen by them. Each instance counts its own listeners.
 */
export function followRadio(radio: RadioFeed, listens: Pick<Listens, 'listenedBy' | 'nowPlayingFor'>, now: () => number, log: FastifyBaseLogger) {
  let onAir: OnAir | null = null;
  /** time heard of the track on air by users who have tuned out since */
  const heard = new Map<string, number>();
  /** users tuned in now, and since when */
  const present = new Map<string, number>();
  const settled: string[] = [];

  const heardSince = (since: number, until: number) => (onAir ? Math.max(0, until - Math.max(since, onAir.startedAt)) : 0);

  /** One user tuned in or out: constant work per change, so a crowd arriving costs no more per listener. */
  function presenceChanged(userId: string) {
    const at = now();
    const since = present.get(userId);
    const tunedIn = radio.isTunedIn(userId);
    if (tunedIn && since === undefined) present.set(userId, at);
    if (!tunedIn && since !== undefined) {
      heard.set(userId, (heard.get(userId) ?? 0) + heardSince(since, at));
      present.delete(userId);
    }
  }

  function settle(track: OnAir, at: number) {
    // a track the radio stopped on and resumed leaves the air twice: its listens went the first time
    if (settled.includes(track.itemId)) return;
    settled.push(track.itemId);
    if (settled.length > 20) settled.shift();
    if (track.durationMs <= MIN_RADIO_TRACK_MS) return;
    const point = radioListenPoint(track.durationMs);
    const users = new Set([...heard.keys(), ...present.keys()]);
    const heardIt = [...users].filter((userId) => (heard.get(userId) ?? 0) + (present.has(userId) ? heardSince(present.get(userId)!, at) : 0) >= point);
    if (heardIt.length === 0) return;
    // one query and one insert for the whole audience, not one per listener
    listens
      .listenedBy(heardIt, track.songId, { at: new Date(track.startedAt), chosen: false })
      .catch((error: unknown) => log.warn({ users: heardIt.length, reason: (error as Error).message }, 'scrobble: radio listens were not queued'));
  }

  radio.onListenersChanged(presenceChanged);
  radio.onStationRead((snapshot) => {
    const next: OnAir | null =
      snapshot.isActive && snapshot.current && snapshot.currentItemId && snapshot.startedAt !== null
        ? { itemId: snapshot.currentItemId, songId: snapshot.current.songId, startedAt: snapshot.startedAt, durationMs: snapshot.currentDurationMs }
        : null;
    if (next?.itemId === onAir?.itemId) return;
    if (onAir) settle(onAir, now());
    heard.clear();
    onAir = next;
    // the new track is what those tuned in are playing now
    if (next && present.size > 0 && !settled.includes(next.itemId)) {
      listens
        .nowPlayingFor([...present.keys()], next.songId, { chosen: false })
        .catch((error: unknown) => log.info({ reason: (error as Error).message }, 'scrobble: radio now playing not sent'));
    }
  });
}
