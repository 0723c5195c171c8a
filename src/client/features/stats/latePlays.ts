import { lateQueue } from '../../shared/late';

/** A play made while the server could not be reached, kept in this browser until it answers again. */
export interface LatePlay {
  userId: string;
  songId: string;
  source: string;
  /** when it was played (ISO 8601): the server counts it at that time */
  playedAt: string;
}

export const LATE_PLAYS_KEY = 'wavelength.latePlays';

/** At most 2,000 wait (a week offline is ~2,000 plays at most for most listeners); the oldest go first. */
export const latePlays = lateQueue<LatePlay>(LATE_PLAYS_KEY, 2000, (a, b) => a.userId === b.userId && a.songId === b.songId && a.playedAt === b.playedAt);
