import { LRUCache } from 'lru-cache';
import type { SessionEndings } from '../../db/sessionEndings';

/**
 * Remembers for a few seconds that a token was valid and its session alive, so the ranges an audio
 * element asks for one after another, and the API requests a page makes, cost no JWT verification
 * and no database query each (issue 17: a range's time to first byte was 12x nginx's, most of it
 * this check; every API request's session query waits its turn in the embedded database).
 *
 * Used with the embedded database only (songs/streamAccess.ts for the stream cookie, plugins/auth.ts
 * for bearer tokens), where this process ends every session: logout and password reset
 * (endSession/endAllSessions) tell the database's SessionEndings (db/sessionEndings.ts), which
 * empties every cache over that database before they return, so an ended session is refused at once. A session ended some other way (by hand in
 * the database) is accepted at most SESSION_CHECK_TTL_MS after the last check that went to the
 * database.
 * An entry never outlives the cookie's own expiry, and the app's clock (tests move it) decides.
 */
export const SESSION_CHECK_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface CheckedSession {
  userId: string;
  sessionId: string;
}

interface Entry<S> {
  session: S;
  checkedAtMs: number;
  validUntilMs: number;
}

export class SessionCheckCache<S extends CheckedSession = CheckedSession> implements SessionChecks<S> {
  /** the least recently used token is forgotten first once MAX_ENTRIES are held */
  private readonly entries = new LRUCache<string, Entry<S>>({ max: MAX_ENTRIES });
  private epoch: number;

  constructor(
    private readonly endings: SessionEndings,
    private readonly ttlMs = SESSION_CHECK_TTL_MS,
  ) {
    this.epoch = endings.epoch;
  }

  /** The session of a token checked less than the TTL ago, or undefined. */
  get(token: string, nowMs: number): S | undefined {
    this.catchUp();
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    // a clock moved backwards is as untrustworthy as one moved past the entry
    if (nowMs >= entry.validUntilMs || nowMs < entry.checkedAtMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  /**
   * Checks `token` with `check` (signature, expiry, session alive: the database) unless a recent
   * check answered yes. A session ended while the check ran is not remembered.
   */
  async verify(token: string, nowMs: number, check: SessionCheck<S>): Promise<S | null> {
    const known = this.get(token, nowMs);
    if (known) return known;
    const epochAtStart = this.endings.epoch;
    const checked = await check();
    if (!checked) return null;
    if (this.endings.epoch === epochAtStart) this.remember(token, checked.session, nowMs, checked.expiresAtMs);
    return checked.session;
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(token: string, session: S, nowMs: number, expiresAtMs: number): void {
    this.catchUp();
    this.entries.set(token, { session, checkedAtMs: nowMs, validUntilMs: Math.min(nowMs + this.ttlMs, expiresAtMs) });
  }

  private catchUp(): void {
    if (this.epoch === this.endings.epoch) return;
    this.entries.clear();
    this.epoch = this.endings.epoch;
  }
}

/** Checks a token's session (signature, expiry, session alive) and answers it, or null. */
export type SessionCheck<S> = () => Promise<{ session: S; expiresAtMs: number } | null>;

export interface SessionChecks<S> {
  verify(token: string, nowMs: number, check: SessionCheck<S>): Promise<S | null>;
}

/**
 * The session checks for a database of `kind`: remembered with the embedded database, where this
 * process ends every session; asked every time with PostgreSQL, where another instance may end one
 * and it must be refused at once there too (docs/product.md: a logout ends the session everywhere).
 */
export function sessionChecks<S extends CheckedSession>(kind: 'pglite' | 'pg', endings: SessionEndings): SessionChecks<S> {
  if (kind === 'pglite') return new SessionCheckCache<S>(endings);
  return { verify: async (_token, _nowMs, check) => (await check())?.session ?? null };
}
