export interface NowPlaying {
  songId: string;
  since: Date;
  client: string;
}

export interface NowPlayingEntry extends NowPlaying {
  userId: string;
}

/** A now-playing report older than this is stale: the app stopped without saying so. */
export const NOW_PLAYING_TTL_MS = 30 * 60 * 1000;
/** Apps (`c`) kept per user: the client name is the app's own word, so one user cannot grow the table without end. */
export const NOW_PLAYING_APPS_PER_USER = 5;

/**
 * What each user's apps are playing, as they report it (scrobble with submission=false): one entry
 * per user and app, one table per app's Subsonic API, kept in memory only.
 */
export class NowPlayingTable {
  private readonly byUser = new Map<string, Map<string, NowPlaying>>();

  /** The app's now-playing song, replacing its last; the user's oldest app is dropped past the bound. */
  set(userId: string, entry: NowPlaying): void {
    const apps = this.byUser.get(userId) ?? new Map<string, NowPlaying>();
    apps.delete(entry.client);
    apps.set(entry.client, entry);
    while (apps.size > NOW_PLAYING_APPS_PER_USER) apps.delete(apps.keys().next().value as string);
    this.byUser.set(userId, apps);
  }

  /** Everyone's fresh reports, the latest first; stale ones are forgotten. */
  playing(now: Date): NowPlayingEntry[] {
    const entries: NowPlayingEntry[] = [];
    for (const [userId, apps] of this.byUser) {
      for (const [client, entry] of apps) {
        if (now.getTime() - entry.since.getTime() > NOW_PLAYING_TTL_MS || entry.since.getTime() > now.getTime()) apps.delete(client);
        else entries.push({ ...entry, userId });
      }
      if (apps.size === 0) this.byUser.delete(userId);
    }
    return entries.sort((a, b) => b.since.getTime() - a.since.getTime());
  }
}
