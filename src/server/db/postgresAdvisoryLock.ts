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

/**
 * Runs fn on a connection of its own that holds pg_advisory_lock(key) (waiting for it), then
 * unlocks. fn gets that connection, so work done under the lock needs no second connection from
 * the pool (a pool of one would otherwise wait for itself).
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {
        // the session is gone, and its lock with it
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.release(broken ? true : undefined);
  }
}
