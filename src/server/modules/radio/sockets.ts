import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { MESSAGES } from '../../../contract/messages';
import { RADIO_WS_CLOSE_SERVICE_RESTART, RADIO_WS_CLOSE_TOO_MANY, RADIO_WS_CLOSE_UNAUTHORIZED, type RadioServerMessage } from '../../../contract/radio';
import type { Db } from '../../db/open';
import type { SessionEvent } from '../auth/sessionEvents';
import type { AccessClaims } from '../auth/tokens';
import type { RadioTimings } from './config';
import type { Listener, ListenerHub } from './hub';
import { aliveSessions } from './repository';
import { SessionBatch } from './sessionBatch';
import { StaggeredPings } from './pings';
import { every } from './timers';

export interface RadioSocketsOptions {
  db: Db;
  hub: ListenerHub;
  now: () => number;
  log: FastifyBaseLogger;
  timings: Pick<RadioTimings, 'sessionCheckMs' | 'pingMs'>;
  maxSocketsPerUser: number;
  verifyToken(token: string): Promise<AccessClaims>;
  /** the first message of a socket that was let in */
  welcome(): Promise<RadioServerMessage>;
}

const OPEN = 1;
/** each socket is pinged once every pingMs, a 1/PING_STEPS share of them at a time */
const PING_STEPS = 30;

/**
 * The radio sockets of this instance: who is let in (a valid token of a live session, at most
 * maxSocketsPerUser per user), and who is put out (sessions ended, connections dead).
 */
export class RadioSockets {
  private readonly sessions: SessionBatch;
  private readonly pings: StaggeredPings;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(private readonly options: RadioSocketsOptions) {
    this.sessions = new SessionBatch(options);
    this.pings = new StaggeredPings(options.hub, PING_STEPS);
  }

  private get hub(): ListenerHub {
    return this.options.hub;
  }

  start(): void {
    const { sessionCheckMs, pingMs } = this.options.timings;
    this.timers.push(
      every(sessionCheckMs, () => void this.checkSessions().catch((err) => this.options.log.warn({ err }, 'radio: session check failed'))),
      every(pingMs / PING_STEPS, () => this.pings.tick()),
    );
  }

  /** Stops the timers and lets no socket in any more (those waiting for their session check are refused). */
  halt(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.sessions.cancel();
  }

  /** Closes every socket with 1012 (the server is shutting down: clients connect again, to it or another instance); answers whether anyone was listening. */
  closeAll(): boolean {
    const hadListeners = this.hub.userCount > 0;
    for (const listener of [...this.hub.all]) {
      this.hub.remove(listener);
      listener.socket.close(RADIO_WS_CLOSE_SERVICE_RESTART, 'Service restart');
    }
    return hadListeners;
  }

  /**
   * A socket opened on /api/radio/ws: refused without a valid token, else registered and sent the
   * whole state. `wire` is the TCP connection under it, for broadcasts framed once (hub.ts).
   */
  async connect(socket: WebSocket, token: string | undefined, wire?: Writable): Promise<void> {
    socket.on('error', () => undefined);
    if (!token) return this.refuse(socket, MESSAGES.noAuthToken);
    const claims = await this.options.verifyToken(token).catch(() => null);
    if (!claims || !(await this.sessions.isAlive(claims.sessionId))) return this.refuse(socket, MESSAGES.authenticationFailed);
    if (socket.readyState !== OPEN || this.stopped) return;
    // Refusing the newest (not closing the oldest): clients reconnect on any close, so closing the oldest would
    // make an eleventh tab and the first one knock each other out forever; refused, it retries with backoff.
    if (this.hub.socketCount(claims.userId) >= this.options.maxSocketsPerUser) {
      return this.refuse(socket, MESSAGES.tooManyRadioConnections, RADIO_WS_CLOSE_TOO_MANY);
    }
    const listener: Listener = { socket, userId: claims.userId, sessionId: claims.sessionId, alive: true };
    // a negotiated extension (permessage-deflate, if it is ever turned on) needs ws's own framing
    if (wire && socket.extensions === '') listener.wire = wire;
    socket.on('close', () => this.hub.remove(listener));
    socket.on('pong', () => {
      listener.alive = true;
    });
    this.hub.add(listener);
    socket.send(JSON.stringify(await this.options.welcome()));
  }

  /** Another instance (or this one) ended sessions: close their sockets now, not at the next checkSessions. */
  onSessionEvent(event: SessionEvent): void {
    if (this.stopped) return;
    const matches = event.kind === 'ended' ? (l: Listener) => event.sessionIds.includes(l.sessionId) : (l: Listener) => l.userId === event.userId;
    for (const listener of [...this.hub.all]) if (matches(listener)) this.putOut(listener);
  }

  /**
   * Closes the sockets whose session ended (logout, password reset, expiry); answers how many. Only
   * the sockets open when the question was asked are judged: one let in while it ran (its session
   * checked on the way in) is not in the answer, and is not put out for that.
   */
  async checkSessions(): Promise<number> {
    const asked = [...this.hub.all];
    if (asked.length === 0) return 0;
    const alive = await aliveSessions(this.options.db, [...new Set(asked.map((l) => l.sessionId))], new Date(this.options.now()));
    let closed = 0;
    for (const listener of asked) {
      if (alive.has(listener.sessionId) || !this.hub.all.has(listener)) continue;
      this.putOut(listener);
      closed += 1;
    }
    return closed;
  }

  private putOut(listener: Listener): void {
    this.hub.remove(listener);
    this.refuse(listener.socket, MESSAGES.authenticationRequired);
  }

  private refuse(socket: WebSocket, message: string, code = RADIO_WS_CLOSE_UNAUTHORIZED): void {
    if (socket.readyState !== OPEN) return;
    socket.send(JSON.stringify({ type: 'ERROR', data: { message } } satisfies RadioServerMessage));
    socket.close(code, code === RADIO_WS_CLOSE_UNAUTHORIZED ? 'Unauthorized' : 'Too many connections');
  }
}
