/** A play made while the server could not be reached, kept in this browser until it answers again. */
export interface LatePlay {
  userId: string;
  songId: string;
  source: string;
  /** when it was played (ISO 8601): the server counts it at that time */
  playedAt: string;
}

export const LATE_PLAYS_KEY = 'wavelength.latePlays';
/** At most this many wait (a week offline is ~2,000 plays at most for most listeners); the oldest go first. */
const MAX_LATE_PLAYS = 2000;

export function readLatePlays(): LatePlay[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LATE_PLAYS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as LatePlay[]) : [];
  } catch {
    return [];
  }
}

export function writeLatePlays(plays: LatePlay[]): void {
  try {
    if (plays.length === 0) localStorage.removeItem(LATE_PLAYS_KEY);
    else localStorage.setItem(LATE_PLAYS_KEY, JSON.stringify(plays.slice(-MAX_LATE_PLAYS)));
  } catch {
    // storage full or blocked: the play is lost, as it was before plays were kept
  }
}
