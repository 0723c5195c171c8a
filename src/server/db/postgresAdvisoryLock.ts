import type pg from 'pg';
import { describeError, type AdvisoryLock } from './database';

/**
 * pg_try_advisory_lock on a connection of its own, kept until release: a session-level lock
 * belongs to its connection. When that connection dies the server has released the lock, and
 * `held` turns false. Answers null when another session holds it.
 */
export async function tryAdvisoryLock(pool: pg.Pool, key: number, log: (message: string) => void): Promise<AdvisoryLock | null> {
  const client = await pool.connect();
  let held = true;
  let dead = false;
  const onError = (error: Error) => {
    dead = true;
    held = false;
    log(`advisory lock connection lost (${describeError(error)})`);
  };
  client.on('error', onError);
  const giveBack = () => {
    client.removeListener('error', onError);
    // a dead connection is destroyed instead of going back to the pool
    client.release(dead ? true : undefined);
  };
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
    if (!rows[0]?.locked) {
      giveBack();
      return null;
    }
  } catch (error) {
    dead = true;
    giveBack();
    throw error;
  }
  return {
    get held() {
      return held;
    },
    async release() {
      if (!dead) await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      held = false;
      giveBack();
    },
  };
}
