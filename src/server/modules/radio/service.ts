import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { MESSAGES } from '../../../contract/messages';
import {
  RADIO_WS_CLOSE_TOO_MANY,
  RADIO_WS_CLOSE_UNAUTHORIZED,
  type RadioHistoryResponse,
  type RadioQueueTrack,
  type RadioServerMessage,
  type RadioStateData,
  type TrackChangeData,
} from '../../../contract/radio';
import type { AdvisoryLock, Database, Unlisten } from '../../db/open';
import { createEventBus, type EventBus } from '../../events/eventBus';
import { HttpError } from '../../lib/httpError';
import { createSessionEventBus, type SessionEvent } from '../auth/sessionEvents';
import type { AccessClaims } from '../auth/tokens';
import { streamUrl } from '../songs/toSong';
import { ListenerHub, type Listener } from './hub';
import * as repo from './repository';

/** What crosses instances on the radio channel: never data, only what to re-read or a count. */
export type RadioEvent =
  | { kind: 'changed'; from: string }
  | { kind: 'listeners'; from: string; count: number }
  | { kind: 'hello'; from: string }
  | { kind: 'bye'; from: string };

export const RADIO_CHANNEL = 'radio_events';
/** pg_try_advisory_lock key of the radio clock ("radi"). */
export const RADIO_CLOCK_LOCK_KEY = 0x72616469;

export interface RadioTimings {
  /** a non-holder tries to take the clock this often */
  lockRetryMs: number;
  /** this instance's listener count is published at most this often */
  listenersFlushMs: number;
  /** LISTENERS_UPDATE goes out at most this often */
  listenersBroadcastMs: number;
  /** instances with listeners re-publish their count this often... */
  heartbeatMs: number;
  /** ...and a count not heard of for this long is dropped (its instance died) */
  peerTtlMs: number;
  /** sockets whose session ended (logout, password reset) are closed within this */
  sessionCheckMs: number;
  /** dead connections are found by ping this often */
  pingMs: number;
}

export const DEFAULT_RADIO_TIMINGS: RadioTimings = {
  lockRetryMs: 1_000,
  listenersFlushMs: 100,
  listenersBroadcastMs: 250,
  heartbeatMs: 5_000,
  peerTtlMs: 15_000,
  sessionCheckMs: 10_000,
  pingMs: 30_000,
};

export interface RadioServiceOptions {
  database: Database;
  /** verifies an access token's signature, expiry and shape; throws when it is not valid */
  verifyToken(token: string): Promise<AccessClaims>;
  now: () => number;
  log: FastifyBaseLogger;
  timings?: Partial<RadioTimings>;
  /** sockets one user may hold open on this instance (tabs); the next one is refused */
  maxSocketsPerUser?: number;
}

export const DEFAULT_MAX_SOCKETS_PER_USER = 10;

/** The state as this instance last read it. */
interface Cached {
  isActive: boolean;
  startedAt: number | null;
  currentItemId: string | null;
  current: RadioQueueTrack | null;
  currentDurationMs: number;
  queue: RadioQueueTrack[];
}

const MAX_TIMER_MS = 2 ** 31 - 1;
const OPEN = 1;

/**
 * The live radio of one instance. Writes from any instance go to the database in a transaction
 * (the state row locked), then NOTIFY; every instance re-reads and broadcasts to its own sockets.
 * The instance holding the advisory lock runs the clock with one timer at the current track's end.
 */
export class RadioService {
  readonly instanceId = randomUUID();
  readonly hub: ListenerHub;
  private readonly timings: RadioTimings;
  private readonly bus: EventBus<RadioEvent>;
  private readonly db: Database['db'];
  private cache: Cached | null = null;
  private refreshLoop: Promise<void> | null = null;
  private dirty = false;
  private unlisten: Unlisten | null = null;
  private unlistenSessions: Unlisten | null = null;
  private readonly sessionBus: EventBus<SessionEvent>;
  private offReconnect: (() => void) | null = null;
  private lock: AdvisoryLock | null = null;
  private acquiring = false;
  private stopped = false;
  private clockTimer: NodeJS.Timeout | null = null;
  private readonly intervals: NodeJS.Timeout[] = [];
  private listenersFlushTimer: NodeJS.Timeout | null = null;
  private listenersBroadcastTimer: NodeJS.Timeout | null = null;
  private lastListenersSent = -1;
  private readonly peers = new Map<string, { count: number; seenAt: number }>();

  constructor(private readonly options: RadioServiceOptions) {
    this.timings = { ...DEFAULT_RADIO_TIMINGS, ...options.timings };
    this.db = options.database.db;
    this.bus = createEventBus<RadioEvent>(options.database, RADIO_CHANNEL, (error) => options.log.warn({ err: error }, 'radio: bad event'));
    this.sessionBus = createSessionEventBus(options.database, (error) => options.log.warn({ err: error }, 'radio: bad session event'));
    this.hub = new ListenerHub(() => this.onLocalCountChange());
  }

  private now(): number {
    return this.options.now();
  }

  /** True while this instance runs the radio clock. */
  get isClockHolder(): boolean {
    return this.lock !== null;
  }

  async start(): Promise<void> {
    this.unlisten = await this.bus.subscribe((event) => this.onEvent(event));
    this.unlistenSessions = await this.sessionBus.subscribe((event) => this.onSessionEvent(event));
    // LISTEN came back after a dropped connection: changes notified meanwhile were lost
    this.offReconnect = this.options.database.onReconnect(() => void this.requestRefresh());
    await this.requestRefresh();
    await this.acquireClock();
    const every = (ms: number, fn: () => unknown) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      this.intervals.push(timer);
    };
    every(this.timings.lockRetryMs, () => void this.acquireClock());
    every(this.timings.heartbeatMs, () => this.heartbeat());
    every(this.timings.sessionCheckMs, () => void this.checkSessions().catch((err) => this.options.log.warn({ err }, 'radio: session check failed')));
    every(this.timings.pingMs, () => this.pingAll());
    await this.bus.publish({ kind: 'hello', from: this.instanceId });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.intervals) clearInterval(timer);
    for (const timer of [this.clockTimer, this.listenersFlushTimer, this.listenersBroadcastTimer]) if (timer) clearTimeout(timer);
    if (this.pendingSessions) {
      clearTimeout(this.pendingSessions.timer);
      for (const waiters of this.pendingSessions.ids.values()) for (const resolve of waiters) resolve(false);
      this.pendingSessions = null;
    }
    const hadListeners = this.hub.userCount > 0;
    for (const listener of [...this.hub.all]) {
      this.hub.remove(listener);
      listener.socket.close(1001, 'Server shutting down');
    }
    if (hadListeners) await this.bus.publish({ kind: 'bye', from: this.instanceId }).catch(() => undefined);
    this.offReconnect?.();
    await this.unlisten?.().catch(() => undefined);
    await this.unlistenSessions?.().catch(() => undefined);
    await this.refreshLoop?.catch(() => undefined);
    await this.lock?.release().catch(() => undefined);
    this.lock = null;
  }

  // ---------------------------------------------------------------- reads

  /** The whole state, fresh from the database. */
  async state(): Promise<RadioStateData> {
    await this.requestRefresh();
    return this.stateData();
  }

  private stateData(): RadioStateData {
    const c = this.cache;
    return {
      queue: c?.queue ?? [],
      currentTrack: c?.current ?? null,
      listeners: this.totalListeners(),
      isRadioActive: c?.isActive ?? false,
      startedAt: c?.startedAt ?? null,
      serverTime: this.now(),
    };
  }

  private trackData(): TrackChangeData {
    const c = this.cache;
    return { currentTrack: c?.current ?? null, isRadioActive: c?.isActive ?? false, startedAt: c?.startedAt ?? null, serverTime: this.now() };
  }

  async history(limit: number, cursor: number | undefined): Promise<RadioHistoryResponse> {
    const rows = await repo.readHistory(this.db, limit, cursor);
    const page = rows.slice(0, limit);
    return {
      success: true,
      history: page.map((r) => ({
        id: r.id,
        songId: r.songId,
        title: r.title,
        artist: r.artist,
        addedBy: r.addedById ? { id: r.addedById, username: r.addedByName ?? '' } : null,
        startedAt: r.startedAt.toISOString(),
        endedAt: r.endedAt.toISOString(),
        endReason: r.endReason as 'finished' | 'skipped' | 'removed',
      })),
      nextCursor: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  // ---------------------------------------------------------------- writes (any instance)

  async add(songId: string, userId: string): Promise<RadioQueueTrack> {
    if (!(await repo.songExists(this.db, songId))) throw new HttpError(404, 'Song not found');
    const itemId = await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      const at = new Date(this.now());
      const id = await repo.appendItem(tx, songId, userId, at);
      const state = await repo.readState(tx);
      // An active radio with nothing on plays what arrives at once.
      if (state.isActive && !state.currentItemId) await repo.advance(tx, at);
      return id;
    });
    await this.afterWrite();
    const track = this.cache?.current?.id === itemId ? this.cache.current : this.cache?.queue.find((t) => t.id === itemId);
    if (!track) throw new HttpError(404, 'Queue item not found');
    return track;
  }

  async remove(itemId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      const state = await repo.readState(tx);
      if (state.currentItemId === itemId) {
        const at = new Date(this.now());
        if (state.current && state.startedAt && state.isActive) await repo.writeHistory(tx, state.current, state.startedAt, at, 'removed');
        if (state.isActive) await repo.advance(tx, at);
        else await repo.clearCurrent(tx);
      } else if (!(await repo.deleteItem(tx, itemId))) {
        throw new HttpError(404, 'Queue item not found');
      }
    });
    await this.afterWrite();
  }

  async skip(): Promise<TrackChangeData> {
    await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      const state = await repo.readState(tx);
      if (!state.isActive) throw new HttpError(409, MESSAGES.radioNotActive);
      const at = new Date(this.now());
      if (state.current && state.startedAt) await repo.writeHistory(tx, state.current, state.startedAt, at, 'skipped');
      await repo.advance(tx, at);
    });
    await this.afterWrite();
    return this.trackData();
  }

  /** Starts (resuming the paused track where it stood) or stops the radio; answers the new status. */
  async toggle(): Promise<boolean> {
    const active = await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      const state = await repo.readState(tx);
      const now = this.now();
      if (state.isActive) {
        const offset =
          state.current && state.startedAt ? Math.min(Math.max(now - state.startedAt.getTime(), 0), state.current.durationMs) : null;
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
    await this.afterWrite();
    return active;
  }

  private async afterWrite(): Promise<void> {
    await Promise.all([
      this.bus.publish({ kind: 'changed', from: this.instanceId }).catch((err) => this.options.log.error({ err }, 'radio: notify failed')),
      this.requestRefresh(),
    ]);
  }

  // ---------------------------------------------------------------- the clock (lock holder)

  private async acquireClock(): Promise<void> {
    if (this.lock && !this.lock.held) {
      // its connection died and the server released the lock: take it again like any instance
      this.options.log.warn('radio: lost the clock lock with its connection');
      await this.lock.release().catch(() => undefined);
      this.lock = null;
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
      await this.checkClock();
      this.scheduleClock();
    } finally {
      this.acquiring = false;
    }
  }

  /**
   * Moves the radio on by the real durations of the tracks that have ended by now(): each ended track
   * gets a history row and the next one starts where it ended. Answers whether anything changed.
   */
  async checkClock(): Promise<boolean> {
    const changed = await this.db.transaction(async (tx) => {
      await repo.lockState(tx);
      let state = await repo.readState(tx);
      let moved = false;
      for (let guard = 0; guard < 10_000 && state.isActive; guard += 1) {
        const now = this.now();
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
    });
    if (changed) await this.afterWrite();
    return changed;
  }

  private scheduleClock(): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    const c = this.cache;
    if (!this.lock || this.stopped || !c?.isActive) return;
    let delay: number;
    if (c.current && c.startedAt !== null) delay = c.startedAt + c.currentDurationMs - this.now();
    else if (c.currentItemId || c.queue.length > 0) delay = 0;
    else return;
    this.clockTimer = setTimeout(
      () => {
        this.clockTimer = null;
        this.checkClock()
          .then(() => this.scheduleClock())
          .catch((err) => {
            this.options.log.error({ err }, 'radio: clock failed');
            // try again shortly rather than stopping the station
            this.clockTimer = setTimeout(() => this.scheduleClock(), 1_000);
            this.clockTimer.unref();
          });
      },
      Math.min(Math.max(delay, 0), MAX_TIMER_MS),
    );
    this.clockTimer.unref();
  }

  // ---------------------------------------------------------------- re-read and broadcast

  /** Re-reads the state (reads that arrive meanwhile share one), broadcasts what changed; resolves when done. */
  requestRefresh(): Promise<void> {
    this.dirty = true;
    if (!this.refreshLoop) {
      this.refreshLoop = (async () => {
        while (this.dirty && !this.stopped) {
          this.dirty = false;
          try {
            await this.refresh();
          } catch (err) {
            this.options.log.error({ err }, 'radio: refresh failed');
          }
        }
      })().finally(() => {
        this.refreshLoop = null;
      });
    }
    return this.refreshLoop;
  }

  private async refresh(): Promise<void> {
    const { state, queue } = await this.db.transaction(async (tx) => {
      // FOR SHARE waits for a writer to commit, so the state and queue are read consistently
      await repo.lockStateShared(tx);
      return { state: await repo.readState(tx), queue: await repo.readQueue(tx) };
    });
    const next: Cached = {
      isActive: state.isActive,
      startedAt: state.isActive && state.startedAt ? state.startedAt.getTime() : null,
      currentItemId: state.currentItemId,
      current: state.current ? this.toTrack(state.current) : null,
      currentDurationMs: state.current?.durationMs ?? 0,
      queue: queue.map((row) => this.toTrack(row)),
    };
    const prev = this.cache;
    this.cache = next;
    this.scheduleClock();
    if (!prev) return;
    const statusChanged = prev.isActive !== next.isActive;
    const trackChanged = prev.currentItemId !== next.currentItemId || prev.startedAt !== next.startedAt;
    const queueChanged = prev.queue.map((t) => t.id).join() !== next.queue.map((t) => t.id).join();
    if (statusChanged) this.broadcast({ type: 'RADIO_STATUS_CHANGE', data: this.trackData() });
    if (trackChanged) this.broadcast({ type: 'TRACK_CHANGE', data: this.trackData() });
    if (statusChanged || trackChanged || queueChanged) this.broadcast({ type: 'QUEUE_UPDATE', data: this.stateData() });
  }

  /** A queue item as broadcast: its URL carries no token (each listener streams with their own session). */
  private toTrack(row: repo.RadioItemRow): RadioQueueTrack {
    return {
      id: row.id,
      songId: row.songId,
      title: row.title,
      artist: row.artist,
      duration: row.durationMs / 1000,
      addedBy: row.addedById ? { id: row.addedById, username: row.addedByName ?? '' } : null,
      addedAt: row.addedAt.toISOString(),
      url: streamUrl(row.songId),
    };
  }

  private broadcast(message: RadioServerMessage): void {
    this.hub.broadcast(JSON.stringify(message));
  }

  private onEvent(event: RadioEvent): void {
    if (this.stopped) return;
    switch (event.kind) {
      case 'changed':
        if (event.from !== this.instanceId) void this.requestRefresh();
        break;
      case 'listeners':
        if (event.from === this.instanceId) break;
        this.peers.set(event.from, { count: event.count, seenAt: Date.now() });
        this.scheduleListenersBroadcast();
        break;
      case 'hello':
        if (event.from !== this.instanceId && this.hub.userCount > 0) void this.publishCount();
        break;
      case 'bye':
        this.peers.delete(event.from);
        this.scheduleListenersBroadcast();
        break;
    }
  }

  // ---------------------------------------------------------------- listeners

  /** Distinct users listening here plus the counts the other live instances published. */
  totalListeners(): number {
    let total = this.hub.userCount;
    const cutoff = Date.now() - this.timings.peerTtlMs;
    for (const peer of this.peers.values()) if (peer.seenAt >= cutoff) total += peer.count;
    return total;
  }

  private onLocalCountChange(): void {
    if (this.stopped) return;
    this.scheduleListenersBroadcast();
    if (!this.listenersFlushTimer) {
      this.listenersFlushTimer = setTimeout(() => {
        this.listenersFlushTimer = null;
        void this.publishCount();
      }, this.timings.listenersFlushMs);
      this.listenersFlushTimer.unref();
    }
  }

  private publishCount(): Promise<void> {
    return this.bus
      .publish({ kind: 'listeners', from: this.instanceId, count: this.hub.userCount })
      .catch((err) => this.options.log.warn({ err }, 'radio: count not published'));
  }

  /** LISTENERS_UPDATE at most every listenersBroadcastMs, and only when the total changed. */
  private scheduleListenersBroadcast(): void {
    if (this.listenersBroadcastTimer || this.stopped) return;
    this.listenersBroadcastTimer = setTimeout(() => {
      this.listenersBroadcastTimer = null;
      const listeners = this.totalListeners();
      if (listeners === this.lastListenersSent) return;
      this.lastListenersSent = listeners;
      this.broadcast({ type: 'LISTENERS_UPDATE', data: { listeners } });
    }, this.timings.listenersBroadcastMs);
    this.listenersBroadcastTimer.unref();
  }

  private heartbeat(): void {
    if (this.hub.userCount > 0) void this.publishCount();
    const cutoff = Date.now() - this.timings.peerTtlMs;
    for (const [id, peer] of this.peers) if (peer.seenAt < cutoff) this.peers.delete(id);
    this.scheduleListenersBroadcast();
  }

  // ---------------------------------------------------------------- sockets

  /** A socket opened on /api/radio/ws: refused without a valid token, else registered and sent the whole state. */
  async connect(socket: WebSocket, token: string | undefined): Promise<void> {
    socket.on('error', () => undefined);
    if (!token) return this.refuse(socket, MESSAGES.noAuthToken);
    const claims = await this.options.verifyToken(token).catch(() => null);
    if (!claims || !(await this.sessionAlive(claims.sessionId))) return this.refuse(socket, MESSAGES.authenticationFailed);
    if (socket.readyState !== OPEN || this.stopped) return;
    // Refusing the newest (not closing the oldest): clients reconnect on any close, so closing the oldest would
    // make an eleventh tab and the first one knock each other out forever; refused, it retries with backoff.
    if (this.hub.socketCount(claims.userId) >= (this.options.maxSocketsPerUser ?? DEFAULT_MAX_SOCKETS_PER_USER)) {
      return this.refuse(socket, MESSAGES.tooManyRadioConnections, RADIO_WS_CLOSE_TOO_MANY);
    }
    const listener: Listener = { socket, userId: claims.userId, sessionId: claims.sessionId, alive: true };
    socket.on('close', () => this.hub.remove(listener));
    socket.on('pong', () => {
      listener.alive = true;
    });
    this.hub.add(listener);
    if (!this.cache) await this.requestRefresh();
    socket.send(JSON.stringify({ type: 'QUEUE_UPDATE', data: this.stateData() } satisfies RadioServerMessage));
  }

  private pendingSessions: { ids: Map<string, ((alive: boolean) => void)[]>; timer: NodeJS.Timeout } | null = null;

  /**
   * Whether a session is alive, asked together with the other sockets opening in the same few
   * milliseconds: one query for a burst of connections instead of one each.
   */
  private sessionAlive(sessionId: string): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.pendingSessions) {
        const batch = { ids: new Map<string, ((alive: boolean) => void)[]>(), timer: setTimeout(() => void this.flushSessions(batch), 5) };
        this.pendingSessions = batch;
      }
      const waiters = this.pendingSessions.ids.get(sessionId) ?? [];
      waiters.push(resolve);
      this.pendingSessions.ids.set(sessionId, waiters);
      if (this.pendingSessions.ids.size >= 500) {
        clearTimeout(this.pendingSessions.timer);
        void this.flushSessions(this.pendingSessions);
      }
    });
  }

  private async flushSessions(batch: { ids: Map<string, ((alive: boolean) => void)[]> }): Promise<void> {
    if (this.pendingSessions === batch) this.pendingSessions = null;
    let alive = new Set<string>();
    try {
      alive = await repo.aliveSessions(this.db, [...batch.ids.keys()], new Date(this.now()));
    } catch (err) {
      this.options.log.error({ err }, 'radio: session check failed');
    }
    for (const [id, waiters] of batch.ids) for (const resolve of waiters) resolve(alive.has(id));
  }

  private refuse(socket: WebSocket, message: string, code = RADIO_WS_CLOSE_UNAUTHORIZED): void {
    if (socket.readyState !== OPEN) return;
    socket.send(JSON.stringify({ type: 'ERROR', data: { message } } satisfies RadioServerMessage));
    socket.close(code, code === RADIO_WS_CLOSE_UNAUTHORIZED ? 'Unauthorized' : 'Too many connections');
  }

  /** Another instance (or this one) ended sessions: close their sockets now, not at the next checkSessions. */
  private onSessionEvent(event: SessionEvent): void {
    if (this.stopped) return;
    const matches =
      event.kind === 'ended' ? (l: Listener) => event.sessionIds.includes(l.sessionId) : (l: Listener) => l.userId === event.userId;
    for (const listener of [...this.hub.all]) {
      if (!matches(listener)) continue;
      this.hub.remove(listener);
      this.refuse(listener.socket, MESSAGES.authenticationRequired);
    }
  }

  /** Closes the sockets whose session ended (logout, password reset, expiry). */
  async checkSessions(): Promise<number> {
    const ids = this.hub.sessionIds();
    if (ids.length === 0) return 0;
    const alive = await repo.aliveSessions(this.db, ids, new Date(this.now()));
    let closed = 0;
    for (const listener of [...this.hub.all]) {
      if (alive.has(listener.sessionId)) continue;
      this.hub.remove(listener);
      this.refuse(listener.socket, MESSAGES.authenticationRequired);
      closed += 1;
    }
    return closed;
  }

  private pingAll(): void {
    for (const listener of [...this.hub.all]) {
      if (!listener.alive) {
        this.hub.remove(listener);
        listener.socket.terminate();
        continue;
      }
      listener.alive = false;
      listener.socket.ping();
    }
  }
}
