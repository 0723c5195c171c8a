import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open';
import { aliveSessions } from './repository';

type Waiters = Map<string, ((alive: boolean) => void)[]>;

/** how long a batch waits for more sockets before it asks */
const BATCH_WINDOW_MS = 5;
/** a batch this large asks at once */
const BATCH_MAX_SESSIONS = 500;

/**
 * Whether sessions are alive, asked together for the sockets opening in the same few
 * milliseconds: one query for a burst of connections instead of one each.
 */
export class SessionBatch {
  private pending: { ids: Waiters; timer: NodeJS.Timeout } | null = null;

  constructor(private readonly options: { db: Db; now: () => number; log: FastifyBaseLogger }) {}

  isAlive(sessionId: string): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.pending) {
        const batch = { ids: new Map() as Waiters, timer: setTimeout(() => void this.flush(batch), BATCH_WINDOW_MS) };
        this.pending = batch;
      }
      const waiters = this.pending.ids.get(sessionId) ?? [];
      waiters.push(resolve);
      this.pending.ids.set(sessionId, waiters);
      if (this.pending.ids.size >= BATCH_MAX_SESSIONS) {
        clearTimeout(this.pending.timer);
        void this.flush(this.pending);
      }
    });
  }

  /** Answers every waiting socket "not alive" and drops the batch. */
  cancel(): void {
    if (!this.pending) return;
    clearTimeout(this.pending.timer);
    for (const waiters of this.pending.ids.values()) for (const resolve of waiters) resolve(false);
    this.pending = null;
  }

  private async flush(batch: { ids: Waiters }): Promise<void> {
    if (this.pending === batch) this.pending = null;
    let alive = new Set<string>();
    try {
      alive = await aliveSessions(this.options.db, [...batch.ids.keys()], new Date(this.options.now()));
    } catch (err) {
      this.options.log.error({ err }, 'radio: session check failed');
    }
    for (const [id, waiters] of batch.ids) for (const resolve of waiters) resolve(alive.has(id));
  }
}
