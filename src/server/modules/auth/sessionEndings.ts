/**
 * Counts the session ends of one app (logout, password reset, sign-out everywhere), so its session
 * check caches (sessionCheckCache.ts) empty themselves before the ending request answers. Owned by
 * the app: plugins/auth.ts decorates it as app.sessionEndings.
 */
export class SessionEndings {
  private count = 0;

  /** Bumped whenever a session ends through this app; a cache filled before the bump is emptied. */
  get epoch(): number {
    return this.count;
  }

  /** Called after a write that ended sessions has completed. */
  ended(): void {
    this.count += 1;
  }
}
