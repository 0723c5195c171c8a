import { lateQueue } from '../../shared/late';

/** A listen reported while the server could not be reached, kept in this browser until it answers again. */
export interface LateListen {
  userId: string;
  songId: string;
  /** when the listen began (ISO 8601): the services get that time */
  startedAt: string;
}

export const LATE_LISTENS_KEY = 'wavelength.lateListens';

/** At most 2,000 wait, as plays do; the oldest go first. */
export const lateListens = lateQueue<LateListen>(
  LATE_LISTENS_KEY,
  2000,
  (a, b) => a.userId === b.userId && a.songId === b.songId && a.startedAt === b.startedAt,
);
