import type { FastifyBaseLogger } from 'fastify';
import type { RadioQueueTrack, RadioServerMessage, RadioStateData, TrackChangeData } from '../../../contract/radio';
import type { Db } from '../../db/open';
import * as repo from './repository';
import { changeMessages, stateData, toSnapshot, trackData, type LiveSnapshot } from './snapshot';

export interface LiveStateOptions {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  /** the listener total that goes into every whole-state message */
  listeners: () => number;
  broadcast: (message: RadioServerMessage) => void;
  /** after every re-read: the clock re-arms its timer on the new state */
  onRefreshed: () => void;
}

/**
 * The station as this instance knows it: re-read from the database on request (requests that
 * arrive during a read share the next one), compared with the previous read, and the difference
 * broadcast to this instance's sockets.
 */
export class LiveState {
  private snapshot: LiveSnapshot | null = null;
  private loop: Promise<void> | null = null;
  private dirty = false;
  private stopped = false;

  constructor(private readonly options: LiveStateOptions) {}

  /** The station as last read (null before the first read). */
  get lastRead(): LiveSnapshot | null {
    return this.snapshot;
  }

  /** Re-reads the state (reads that arrive meanwhile share one), broadcasts what changed; resolves when done. */
  requestRefresh(): Promise<void> {
    this.dirty = true;
    if (!this.loop) {
      this.loop = this.drain().finally(() => {
        this.loop = null;
      });
    }
    return this.loop;
  }

  /** No more reads from the call on; resolves when the one under way (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop?.catch(() => undefined);
  }

  stateData(): RadioStateData {
    return stateData(this.snapshot, this.options.listeners(), this.options.now());
  }

  trackData(): TrackChangeData {
    return trackData(this.snapshot, this.options.now());
  }

  /** The current or a queued track by its queue item id, as of the last read. */
  track(itemId: string): RadioQueueTrack | undefined {
    const s = this.snapshot;
    return s?.current?.id === itemId ? s.current : s?.queue.find((t) => t.id === itemId);
  }

  /** The whole state for a socket that just opened (read first when nothing was read yet). */
  async welcome(): Promise<RadioServerMessage> {
    if (!this.snapshot) await this.requestRefresh();
    return { type: 'QUEUE_UPDATE', data: this.stateData() };
  }

  private async drain(): Promise<void> {
    while (this.dirty && !this.stopped) {
      this.dirty = false;
      try {
        await this.refresh();
      } catch (err) {
        this.options.log.error({ err }, 'radio: refresh failed');
      }
    }
  }

  private async refresh(): Promise<void> {
    const { state, queue } = await this.options.db.transaction(async (tx) => {
      // FOR SHARE waits for a writer to commit, so the state and queue are read consistently
      await repo.lockStateShared(tx);
      return { state: await repo.readState(tx), queue: await repo.readQueue(tx) };
    });
    const prev = this.snapshot;
    const next = toSnapshot(state, queue);
    this.snapshot = next;
    this.options.onRefreshed();
    if (!prev) return;
    const messages = changeMessages(prev, next, { track: () => this.trackData(), state: () => this.stateData() });
    for (const message of messages) this.options.broadcast(message);
  }
}
