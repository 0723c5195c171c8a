/**
 * Counts the sessions ended through one database handle (logout, password reset, sign-out
 * everywhere, by the app or by a command run in its process), so the session check caches of the
 * apps on it (modules/auth/sessionCheckCache.ts) empty themselves before the ending call returns.
 * It lives on the Database: with the embedded database that handle is the only writer there is.
 */
export class SessionEndings {
  private count = 0;

  /** Bumped whenever sessions end; a cache filled before the bump is emptied. */
  get epoch(): number {
    return this.count;
  }

  /** Called after a write that ended sessions has completed. */
  ended(): void {
    this.count += 1;
  }
}
