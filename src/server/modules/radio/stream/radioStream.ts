import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { RadioStreamListener } from '../../../../contract/radioStream';
import { HttpError } from '../../../lib/httpError';
import type { ListenerIdentity } from './listenerIdentity';
import type { PcmSourceFactory } from './pcm';
import { StationEncoder } from './stationEncoder';
import { StreamConnection } from './streamConnection';
import { ANONYMOUS_KEY_PREFIX } from '../listenerKeys';

export interface RadioStreamOptions {
  source: PcmSourceFactory;
  bitrateKbps: number;
  maxListeners: number;
  maxPerUser: number;
  /** the encoder stops this long after the last listener left */
  idleStopMs: number;
  log: FastifyBaseLogger;
  /** seconds of audio the ring keeps: a listener whose socket does not drain for that long is dropped */
  ringSeconds?: number;
  /** a listener came or went (the station's listener count): its key, a user id or an anonymous connection's */
  onListenersChange?: (key: string) => void;
}

export const MESSAGES_STREAM = {
  tooMany: 'Too many radio stream connections: try again later',
  tooManyForUser: (max: number) => `Too many radio stream connections: at most ${max} per user`,
} as const;

/**
 * The station's live stream on this instance: its connections (with the caps), and the one
 * encoder, started with the first listener and stopped idleStopMs after the last.
 */
export class RadioStream {
  readonly encoder: StationEncoder;
  private readonly connections = new Set<StreamConnection>();
  private readonly perKey = new Map<string, number>();
  private idleTimer: NodeJS.Timeout | null = null;
  private anonymous = 0;
  private closed = false;

  constructor(private readonly options: RadioStreamOptions) {
    this.encoder = new StationEncoder({
      source: options.source,
      bitrateKbps: options.bitrateKbps,
      log: options.log,
      ringSeconds: options.ringSeconds,
      onFrame: () => {
        for (const connection of this.connections) connection.pump();
      },
    });
  }

  /** Throws the 503/429 the next connection of `identity` gets, if any. */
  admit(identity: ListenerIdentity): void {
    if (this.closed || this.connections.size >= this.options.maxListeners) throw new HttpError(503, MESSAGES_STREAM.tooMany);
    if (identity.user && (this.perKey.get(identity.user.id) ?? 0) >= this.options.maxPerUser) {
      throw new HttpError(429, MESSAGES_STREAM.tooManyForUser(this.options.maxPerUser));
    }
  }

  /** Takes over an admitted response whose headers are sent: a burst from the ring, then the live edge. */
  attach(identity: ListenerIdentity, res: ServerResponse, client: string, withIcy: boolean): StreamConnection {
    this.admit(identity);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.encoder.start();
    const key = identity.user ? identity.user.id : `${ANONYMOUS_KEY_PREFIX}${++this.anonymous}`;
    const connection = new StreamConnection(
      identity,
      key,
      client.slice(0, 200),
      res,
      this.encoder.ring,
      this.encoder.ring.burstStart(),
      withIcy,
      (c, reason) => this.onClosed(c, reason),
      new Date(),
    );
    this.connections.add(connection);
    this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
    if (this.perKey.get(key) === 1) this.options.onListenersChange?.(key);
    connection.pump();
    return connection;
  }

  /** Distinct listeners: users by id, each anonymous connection on its own. */
  listenerKeys(): ReadonlySet<string> {
    return new Set(this.perKey.keys());
  }

  /** Whether a listener (a user id, or an anonymous connection's key) has a connection here. */
  hasListener(key: string): boolean {
    return this.perKey.has(key);
  }

  listeners(): RadioStreamListener[] {
    return [...this.connections].map((c) => ({
      user: c.identity.user && { id: c.identity.user.id, username: c.identity.user.username },
      client: c.client,
      connectedAt: c.connectedAt.toISOString(),
      bytes: c.bytes,
    }));
  }

  get maxPerUser(): number {
    return this.options.maxPerUser;
  }

  get maxTotal(): number {
    return this.options.maxListeners;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Ends every connection and stops the encoder (the app closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    for (const connection of [...this.connections]) connection.close('shutdown');
    await this.encoder.stop();
  }

  private onClosed(connection: StreamConnection, reason: string): void {
    if (!this.connections.delete(connection)) return;
    if (reason === 'slow') this.options.log.info({ client: connection.client }, 'radio stream: dropped a listener that fell a whole buffer behind');
    const left = (this.perKey.get(connection.listenerKey) ?? 1) - 1;
    if (left > 0) this.perKey.set(connection.listenerKey, left);
    else {
      this.perKey.delete(connection.listenerKey);
      this.options.onListenersChange?.(connection.listenerKey);
    }
    if (this.connections.size === 0 && !this.closed) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.connections.size === 0) void this.encoder.stop();
      }, this.options.idleStopMs);
    }
  }
}
