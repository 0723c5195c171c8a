/**
 * The live radio of one instance, as a facade over five parts that never import one another:
 *
 *   StationWrites  (stationWrites.ts)  add, remove, skip, toggle: a transaction with the state row locked
 *   RadioClock     (clock.ts)          the advisory lock, and one timer at the current track's end
 *   LiveState      (liveState.ts)      re-reads the station, diffs it with the last read, broadcasts
 *   ListenerCounts (listenerCounts.ts) this instance's listeners plus the other instances' counts
 *   RadioSockets   (sockets.ts)        lets sockets in (token, live session, per-user cap), puts them out
 *
 * Wiring (callbacks given here): a write or a clock tick calls changed(), which NOTIFYs 'changed'
 * on the radio channel and re-reads; every instance re-reads on 'changed' from another one. Each
 * re-read re-arms the clock's timer on the new state. The hub (hub.ts) calls ListenerCounts when a
 * user comes or goes; counts and state reach sockets through broadcast(). Session events (logout,
 * password reset) go to RadioSockets. Everything reads time from the one injected clock, now().
 */
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { RadioHistoryResponse, RadioQueueTrack, RadioServerMessage, RadioStateData, TrackChangeData } from '../../../contract/radio';
import type { Database, Unlisten } from '../../db/open';
import { createEventBus, type EventBus } from '../../events/eventBus';
import { HttpError } from '../../lib/httpError';
import { createSessionEventBus, type SessionEvent } from '../auth/sessionEvents';
import type { AccessClaims } from '../auth/tokens';
import { RadioClock } from './clock';
import { DEFAULT_MAX_SOCKETS_PER_USER, DEFAULT_RADIO_TIMINGS, RADIO_CHANNEL, type RadioEvent, type RadioTimings } from './config';
import { historyPage } from './history';
import { ListenerHub } from './hub';
import { ListenerCounts } from './listenerCounts';
import { LiveState } from './liveState';
import type { LiveSnapshot } from './snapshot';
import { isAnonymousKey } from './listenerKeys';
import { RadioSockets } from './sockets';
import { StationWrites } from './stationWrites';

export { DEFAULT_MAX_SOCKETS_PER_USER, DEFAULT_RADIO_TIMINGS, RADIO_CHANNEL, RADIO_CLOCK_LOCK_KEY, type RadioEvent, type RadioTimings } from './config';

/** The live stream's listeners as the station counts them (modules/radio/stream's RadioStream). */
export interface StreamListeners {
  /** distinct listeners: user ids, and a key per anonymous connection */
  listenerKeys(): ReadonlySet<string>;
  hasListener(key: string): boolean;
}

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

export class RadioService {
  private readonly instanceId = randomUUID();
  private readonly hub: ListenerHub;
  private readonly bus: EventBus<RadioEvent>;
  private readonly sessionBus: EventBus<SessionEvent>;
  private readonly writes: StationWrites;
  private readonly clock: RadioClock;
  private readonly live: LiveState;
  private readonly counts: ListenerCounts;
  private readonly sockets: RadioSockets;
  private readonly unsubscribe: (Unlisten | (() => void))[] = [];
  private stopped = false;
  /** the distinct listeners of the live stream (modules/radio/stream): user ids, and a key per anonymous connection */
  private streamListeners: StreamListeners = { listenerKeys: () => new Set(), hasListener: () => false };
  /** other modules following the station (scrobbling: modules/scrobble/radioListens.ts) */
  private readonly stationWatchers: ((snapshot: LiveSnapshot) => void)[] = [];
  private readonly presenceWatchers: ((userId: string) => void)[] = [];

  constructor(private readonly options: RadioServiceOptions) {
    const { database, now, log } = options;
    const timings = { ...DEFAULT_RADIO_TIMINGS, ...options.timings };
    const db = database.db;
    this.bus = createEventBus<RadioEvent>(database, RADIO_CHANNEL, (error) => log.warn({ err: error }, 'radio: bad event'));
    this.sessionBus = createSessionEventBus(database, (error) => log.warn({ err: error }, 'radio: bad session event'));
    const broadcast = (message: RadioServerMessage) => this.hub.broadcast(JSON.stringify(message));
    const changed = () => this.changed();
    this.hub = new ListenerHub((userId) => this.localListenersChanged(userId));
    this.counts = new ListenerCounts({
      instanceId: this.instanceId,
      now,
      log,
      timings,
      broadcast,
      localCount: () => this.localListenerCount(),
      publish: (event) => this.bus.publish(event),
    });
    this.live = new LiveState({ db, now, log, broadcast, listeners: () => this.counts.total(), onRefreshed: () => this.refreshed() });
    this.clock = new RadioClock({ database, now, log, lockRetryMs: timings.lockRetryMs, changed, snapshot: () => this.live.lastRead });
    this.writes = new StationWrites({ db, now, changed });
    this.sockets = new RadioSockets({
      db,
      hub: this.hub,
      now,
      log,
      timings,
      maxSocketsPerUser: options.maxSocketsPerUser ?? DEFAULT_MAX_SOCKETS_PER_USER,
      verifyToken: options.verifyToken,
      welcome: () => this.live.welcome(),
    });
  }

  async start(): Promise<void> {
    this.unsubscribe.push(await this.bus.subscribe((event) => this.onEvent(event)));
    this.unsubscribe.push(await this.sessionBus.subscribe((event) => this.sockets.onSessionEvent(event)));
    // LISTEN came back after a dropped connection: changes notified meanwhile were lost
    this.unsubscribe.push(this.options.database.onReconnect(() => void this.live.requestRefresh()));
    await this.live.requestRefresh();
    await this.clock.start();
    this.counts.start();
    this.sockets.start();
    await this.bus.publish({ kind: 'hello', from: this.instanceId });
  }

  /** Stops the clock and closes every socket; a second call (the drain, then the app's close) does nothing. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const refreshed = this.live.stop();
    this.clock.halt();
    this.counts.halt();
    this.sockets.halt();
    if (this.sockets.closeAll()) await this.bus.publish({ kind: 'bye', from: this.instanceId }).catch(() => undefined);
    for (const off of this.unsubscribe.splice(0)) await Promise.resolve(off()).catch(() => undefined);
    await refreshed;
    await this.clock.release();
  }

  // ---------------------------------------------------------------- reads

  /** The whole state, fresh from the database. */
  async state(): Promise<RadioStateData> {
    await this.live.requestRefresh();
    return this.live.stateData();
  }

  history(limit: number, cursor: number | undefined): Promise<RadioHistoryResponse> {
    return historyPage(this.options.database.db, limit, cursor);
  }

  /** The station as this instance last read it (null before the first read): what its stream plays. */
  liveSnapshot(): LiveSnapshot | null {
    return this.live.lastRead;
  }

  /** Distinct users listening on this instance, and their sockets (the metrics). */
  localListeners(): { users: number; sockets: number } {
    return { users: this.localListenerCount(), sockets: this.hub.all.size };
  }

  /** Distinct users listening here plus the counts the other live instances published. */
  totalListeners(): number {
    return this.counts.total();
  }

  // ---------------------------------------------------------------- writes (any instance)

  async add(songId: string, userId: string): Promise<RadioQueueTrack> {
    const track = this.live.track(await this.writes.add(songId, userId));
    if (!track) throw new HttpError(404, 'Queue item not found');
    return track;
  }

  remove(itemId: string): Promise<void> {
    return this.writes.remove(itemId);
  }

  async skip(): Promise<TrackChangeData> {
    await this.writes.skip();
    return this.live.trackData();
  }

  /** Starts (resuming the paused track where it stood) or stops the radio; answers the new status. */
  toggle(): Promise<boolean> {
    return this.writes.toggle();
  }

  /** Moves the radio on by the tracks that have ended by now(); answers whether anything changed. */
  checkClock(): Promise<boolean> {
    return this.clock.check();
  }

  // ---------------------------------------------------------------- sockets

  /** A socket opened on /api/radio/ws: refused without a valid token, else registered and sent the whole state. */
  connect(socket: WebSocket, token: string | undefined, wire?: Writable): Promise<void> {
    return this.sockets.connect(socket, token, wire);
  }

  /** Sends another module's already-serialized message (the Music Box's live votes) to this instance's sockets. */
  broadcast(message: string): void {
    this.hub.broadcast(message);
  }

  /** Closes the sockets whose session ended (logout, password reset, expiry); answers how many. */
  checkSessions(): Promise<number> {
    return this.sockets.checkSessions();
  }

  // ---------------------------------------------------------------- the live stream

  /** Counts the live stream's listeners among this instance's: their keys are user ids (or one key per anonymous connection). */
  countStreamListeners(listeners: StreamListeners): void {
    this.streamListeners = listeners;
    this.counts.onLocalChange();
  }

  /** A stream listener (`key`: a user id, or an anonymous connection's) came or went. */
  streamListenersChanged(key: string): void {
    this.localListenersChanged(key);
  }

  // ---------------------------------------------------------------- followers

  /** Calls `watch` with the station after every re-read of this instance (a track change among them). */
  onStationRead(watch: (snapshot: LiveSnapshot) => void): void {
    this.stationWatchers.push(watch);
  }

  /** Calls `watch` with the user (or anonymous stream key) who tuned in or out on this instance (socket or stream). */
  onListenersChanged(watch: (userId: string) => void): void {
    this.presenceWatchers.push(watch);
  }

  /** The users tuned in on this instance: an open radio socket, or the live stream by their listen link. */
  tunedInUsers(): Set<string> {
    const users = new Set(this.hub.userIds());
    for (const key of this.streamListeners.listenerKeys()) if (!isAnonymousKey(key)) users.add(key);
    return users;
  }

  /** Whether one user is tuned in on this instance, without listing everyone. */
  isTunedIn(userId: string): boolean {
    return this.hub.socketCount(userId) > 0 || this.streamListeners.hasListener(userId);
  }

  // ---------------------------------------------------------------- wiring

  /** Distinct users of this instance's sockets and stream connections (a user on both counts once). */
  private localListenerCount(): number {
    let count = this.hub.userCount;
    for (const key of this.streamListeners.listenerKeys()) if (this.hub.socketCount(key) === 0) count += 1;
    return count;
  }

  private localListenersChanged(key: string): void {
    this.counts.onLocalChange();
    // followers hear users only: an anonymous stream connection is nobody's
    if (!isAnonymousKey(key)) for (const watch of this.presenceWatchers) watch(key);
  }

  private refreshed(): void {
    this.clock.schedule();
    const snapshot = this.live.lastRead;
    if (snapshot) for (const watch of this.stationWatchers) watch(snapshot);
  }

  /** After a write or a clock tick: every instance re-reads (this one too, and is awaited). */
  private async changed(): Promise<void> {
    await Promise.all([
      this.bus.publish({ kind: 'changed', from: this.instanceId }).catch((err) => this.options.log.error({ err }, 'radio: notify failed')),
      this.live.requestRefresh(),
    ]);
  }

  private onEvent(event: RadioEvent): void {
    if (this.stopped) return;
    if (event.kind !== 'changed') this.counts.onPeerEvent(event);
    else if (event.from !== this.instanceId) void this.live.requestRefresh();
  }
}
