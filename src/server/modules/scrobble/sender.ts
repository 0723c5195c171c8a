import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open';
import type { ConnectionStore } from './connections';
import type { LastfmClient } from './lastfm';
import { LISTENBRAINZ_BATCH, listenOf, MAX_LISTEN_SIZE, type ListenBrainzClient } from './listenBrainz';
import { LASTFM_BATCH } from './lastfm';
import type { SendOutcome } from './outcome';
import { claimBatch, dropPair, duePairs, postpone, removeItems, type QueueItem } from './queue';

/** Backoff after a network error or 5xx: 30 s doubling per attempt, at most an hour. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
/** How often the sender looks for due listens without being kicked. */
export const SENDER_INTERVAL_MS = 15_000;

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempts, 20));
}

export interface SenderDeps {
  db: Db;
  connections: ConnectionStore;
  log: FastifyBaseLogger;
  now: () => number;
  listenBrainz: ListenBrainzClient;
  lastfm: LastfmClient | null;
}

/**
 * A listen over ListenBrainz's size limit would get the whole batch refused: it is dropped before
 * sending, with the reason logged, and the others go.
 */
async function withinListenSize(deps: SenderDeps, userId: string, claimed: QueueItem[]): Promise<QueueItem[]> {
  const tooBig = claimed.filter((item) => Buffer.byteLength(JSON.stringify(listenOf(item))) > MAX_LISTEN_SIZE);
  if (tooBig.length === 0) return claimed;
  await removeItems(
    deps.db,
    tooBig.map((i) => i.id),
  );
  deps.log.warn(
    { userId, service: 'listenbrainz', listens: tooBig.length, reason: `over ${MAX_LISTEN_SIZE} bytes` },
    'scrobble: listens dropped, too big for ListenBrainz',
  );
  return claimed.filter((item) => !tooBig.includes(item));
}

function sendBatch(deps: SenderDeps, items: QueueItem[], secret: string): Promise<SendOutcome> {
  if (items[0].service === 'listenbrainz') return deps.listenBrainz.submitListens(secret, items);
  if (!deps.lastfm) return Promise.resolve({ kind: 'drop', reason: 'Last.fm is not set up on this server' });
  return deps.lastfm.scrobble(secret, items);
}

/** Deletes, drops or postpones the listens as the outcome says; answers false when they wait. */
async function settle(deps: SenderDeps, userId: string, items: QueueItem[], outcome: SendOutcome): Promise<boolean> {
  const service = items[0].service;
  const ids = items.map((i) => i.id);
  if (outcome.kind === 'sent') {
    await removeItems(deps.db, ids);
    return true;
  }
  if (outcome.kind === 'drop') {
    await removeItems(deps.db, ids);
    deps.log.warn({ userId, service, listens: ids.length, reason: outcome.reason }, 'scrobble: listens dropped, the service refused them');
    return true;
  }
  const wait = outcome.retryAfterMs ?? backoffMs(items[0].attempts);
  await postpone(deps.db, ids, new Date(deps.now() + wait), outcome.reason);
  deps.log.info({ userId, service, listens: ids.length, reason: outcome.reason, retryInMs: wait }, 'scrobble: listens postponed');
  return false;
}

/**
 * The queue's sender (docs/decisions/scrobbling.md): each due (user, service) pair's listens in
 * listened order, a batch per call; sent ones deleted, refused ones dropped with the reason logged,
 * the rest postponed. One run at a time in this process; claims keep other instances off a batch.
 */
export function createSender(deps: SenderDeps) {
  let running: Promise<void> | null = null;
  let again = false;

  async function runPair(userId: string, service: QueueItem['service']): Promise<void> {
    const connection = await deps.connections.get(userId, service);
    if (!connection) {
      await dropPair(deps.db, userId, service);
      deps.log.info({ userId, service }, 'scrobble: queued listens dropped, the connection is gone');
      return;
    }
    const now = deps.now();
    const claimed = await claimBatch(deps.db, userId, service, new Date(now), service === 'listenbrainz' ? LISTENBRAINZ_BATCH : LASTFM_BATCH);
    const items = service === 'listenbrainz' ? await withinListenSize(deps, userId, claimed) : claimed;
    if (items.length === 0) return;
    const outcome = await sendBatch(deps, items, connection.secret);
    // a batch refused as a whole for one bad listen: each goes alone, so only that one is lost
    if (outcome.kind === 'drop' && outcome.status === 400 && items.length > 1) {
      for (const item of items) {
        // one that must wait stops the rest, which stay claimed a minute behind it, in order
        if (!(await settle(deps, userId, [item], await sendBatch(deps, [item], connection.secret)))) return;
      }
      return;
    }
    await settle(deps, userId, items, outcome);
  }

  async function runAll(): Promise<void> {
    do {
      again = false;
      // a pair is sent once per pass: a pass ends when no pair is due (a postponed one is not)
      for (let pass = 0; pass < 100; pass += 1) {
        const pairs = await duePairs(deps.db, new Date(deps.now()), 50);
        if (pairs.length === 0) break;
        for (const pair of pairs) await runPair(pair.userId, pair.service);
      }
    } while (again);
  }

  return {
    /** Sends what is due now; resolves when the queue has nothing due (a call during a run joins it). */
    runDue(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = runAll()
        .catch((error: unknown) => deps.log.error({ err: error }, 'scrobble: the sender failed'))
        .finally(() => {
          running = null;
        });
      return running;
    },
    /** Resolves when no run is in flight (the app's close waits for it). */
    idle(): Promise<void> {
      return running ?? Promise.resolve();
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
