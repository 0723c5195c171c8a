import { MESSAGES } from '../../../contract/messages';
import type { Db } from '../../db/open';
import { HttpError } from '../../lib/httpError';
import * as repo from './repository';

export interface StationWritesOptions {
  db: Db;
  now: () => number;
  /** after every committed write: tell every instance, and re-read here */
  changed: () => Promise<void>;
}

/**
 * The admin's writes, from any instance: each runs in a transaction with the state row locked
 * (writes from every instance queue up there), then announces the change.
 */
export class StationWrites {
  constructor(private readonly options: StationWritesOptions) {}

  private get db(): Db {
    return this.options.db;
  }

  /** Queues a song; answers the new queue item's id. */
  async add(songId: string, userId: string): Promise<string> {
    if (!(await repo.songExists(this.db, songId))) throw new HttpError(404, MESSAGES.songNotFound);
    const itemId = await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      const at = new Date(this.options.now());
      const id = await repo.appendItem(tx, songId, userId, at);
      const state = await repo.readState(tx);
      // An active radio with nothing on plays what arrives at once.
      if (state.isActive && !state.currentItemId) await repo.advance(tx, at);
      return id;
    });
    await this.options.changed();
    return itemId;
  }

  async remove(itemId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      const state = await repo.readState(tx);
      if (state.currentItemId === itemId) {
        const at = new Date(this.options.now());
        if (state.current && state.startedAt && state.isActive) await repo.writeHistory(tx, state.current, state.startedAt, at, 'removed');
        if (state.isActive) await repo.advance(tx, at);
        else await repo.clearCurrent(tx);
      } else if (!(await repo.deleteItem(tx, itemId))) {
        throw new HttpError(404, 'Queue item not found');
      }
    });
    await this.options.changed();
  }

  async skip(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      const state = await repo.readState(tx);
      if (!state.isActive) throw new HttpError(409, MESSAGES.radioNotActive);
      const at = new Date(this.options.now());
      if (state.current && state.startedAt) await repo.writeHistory(tx, state.current, state.startedAt, at, 'skipped');
      await repo.advance(tx, at);
    });
    await this.options.changed();
  }

  /** Starts (resuming the paused track where it stood) or stops the radio; answers the new status. */
  async toggle(): Promise<boolean> {
    const active = await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      const state = await repo.readState(tx);
      const now = this.options.now();
      if (state.isActive) {
        const offset = state.current && state.startedAt ? Math.min(Math.max(now - state.startedAt.getTime(), 0), state.current.durationMs) : null;
        await repo.setActive(tx, false, null, offset);
        return false;
      }
      if (state.current) {
        await repo.setActive(tx, true, new Date(now - (state.pausedOffsetMs ?? 0)), null);
      } else {
        await repo.setActive(tx, true, null, null);
        await repo.advance(tx, new Date(now));
      }
      return true;
    });
    await this.options.changed();
    return active;
  }
}
