import type { FastifyBaseLogger } from 'fastify';
import type { AdvisoryLock, Database } from '../../db/open';
import { RADIO_CLOCK_LOCK_KEY } from './config';
import * as repo from './repository';
import type { LiveSnapshot } from './snapshot';
import { after, every } from './timers';

export interface RadioClockOptions {
  database: Database;
  now: () => number;
  log: FastifyBaseLogger;
  lockRetryMs: number;
  /** the station as last read: when the current track ends */
  snapshot: () => LiveSnapshot | null;
  /** after the clock moved the station on */
  changed: () => Promise<void>;
}

const MAX_TIMER_MS = 2 ** 31 - 1;
/** a failed tick is tried again this soon rather than stopping the station */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * The radio clock: one instance at a time holds the advisory lock and runs it, with one timer at
 * the current track's end; the others try to take the lock every lockRetryMs.
 */
export class RadioClock {
  private lock: AdvisoryLock | null = null;
  private acquiring = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  /** the last check asked for: checks run one after another, in the order they were asked for */
  private lastCheck: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RadioClockOptions) {}

  async start(): Promise<void> {
    await this.acquire();
    this.retry = every(this.options.lockRetryMs, () => void this.acquire());
  }

  /** Stops the timers at once; release() gives the lock back. */
  halt(): void {
    this.stopped = true;
    if (this.retry) clearInterval(this.retry);
    if (this.timer) clearTimeout(this.timer);
  }

  async release(): Promise<void> {
    await this.lock?.release().catch(() => undefined);
    this.lock = null;
  }

  private async acquire(): Promise<void> {
    if (this.lock && !this.lock.held) {
      // its connection died and the server released the lock: take it again like any instance
      this.options.log.warn('radio: lost the clock lock with its connection');
      await this.release();
    }
    if (this.lock || this.stopped || this.acquiring) return;
    this.acquiring = true;
    try {
      const lock = await this.options.database.tryAdvisoryLock(RADIO_CLOCK_LOCK_KEY).catch(() => null);
      if (!lock) return;
      if (this.stopped) {
        await lock.release();
        return;
      }
      this.lock = lock;
      this.options.log.info('radio: this instance runs the clock');
      await this.check();
      this.schedule();
    } finally {
      this.acquiring = false;
    }
  }

  /**
   * Moves the radio on by the real durations of the tracks that had ended when the check was asked
   * for: each ended track gets a history row and the next one starts where it ended. Checks on this
   * instance never overlap: a timer's check and another asked for at the same moment would each
   * read the clock at a different point of their run, and the later one would find its work done.
   * Answers whether anything changed.
   */
  check(): Promise<boolean> {
    const now = this.options.now();
    const run = this.lastCheck.then(() => this.checkAt(now));
    this.lastCheck = run.catch(() => undefined);
    return run;
  }

  private async checkAt(now: number): Promise<boolean> {
    const changed = await this.options.database.db.transaction(async (tx) => {
      await repo.lockState(tx);
      return this.advanceEnded(tx, now);
    });
    if (changed) await this.options.changed();
    return changed;
  }

  private async advanceEnded(tx: repo.Tx, now: number): Promise<boolean> {
    let state = await repo.readState(tx);
    let moved = false;
    for (let guard = 0; guard < 10_000 && state.isActive; guard += 1) {
      if (state.current && state.startedAt) {
        const end = state.startedAt.getTime() + state.current.durationMs;
        if (end > now) break;
        await repo.writeHistory(tx, state.current, state.startedAt, new Date(end), 'finished');
        await repo.advance(tx, new Date(end));
      } else if (state.currentItemId) {
        // its song was deleted
        await repo.advance(tx, new Date(now));
      } else {
        if ((await repo.readQueue(tx)).length === 0) break;
        await repo.advance(tx, new Date(now));
      }
      moved = true;
      state = await repo.readState(tx);
    }
    return moved;
  }

  /** Re-arms the one timer on the station as last read (only the lock holder has one). */
  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const delay = this.untilNextTick();
    if (delay === null) return;
    this.timer = after(Math.min(Math.max(delay, 0), MAX_TIMER_MS), () => {
      this.timer = null;
      this.check()
        .then(() => this.schedule())
        .catch((err) => {
          this.options.log.error({ err }, 'radio: clock failed');
          this.timer = after(RETRY_AFTER_FAILURE_MS, () => this.schedule());
        });
    });
  }

  /** ms until the clock has work, or null when it has none (not the holder, stopped, radio off, nothing to play). */
  private untilNextTick(): number | null {
    const s = this.options.snapshot();
    if (!this.lock || this.stopped || !s?.isActive) return null;
    if (s.current && s.startedAt !== null) return s.startedAt + s.currentDurationMs - this.options.now();
    if (s.currentItemId || s.queue.length > 0) return 0;
    return null;
  }
}
