export interface NowPlaying {
  songId: string;
  since: Date;
  client: string;
}

/** A now-playing report older than this is stale: the app stopped without saying so. */
export const NOW_PLAYING_TTL_MS = 30 * 60 * 1000;

/** What each user is playing, as the Subsonic apps report it: one table per app's Subsonic API, kept in memory only. */
export class NowPlayingTable {
  private readonly byUser = new Map<string, NowPlaying>();

  /** scrobble with submission=false: the user's one now-playing song. */
  set(userId: string, entry: NowPlaying): void {
    this.byUser.set(userId, entry);
  }

  of(userId: string, now: Date): NowPlaying | null {
    const entry = this.byUser.get(userId);
    if (!entry) return null;
    if (now.getTime() - entry.since.getTime() > NOW_PLAYING_TTL_MS) {
      this.byUser.delete(userId);
      return null;
    }
    return entry;
  }
}
