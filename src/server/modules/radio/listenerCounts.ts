import type { FastifyBaseLogger } from 'fastify';
import type { RadioServerMessage } from '../../../contract/radio';
import type { RadioEvent, RadioTimings } from './config';
import { after, every } from './timers';

type CountTimings = Pick<RadioTimings, 'listenersFlushMs' | 'listenersBroadcastMs' | 'heartbeatMs' | 'peerTtlMs'>;
type PeerEvent = Exclude<RadioEvent, { kind: 'changed' }>;

export interface ListenerCountsOptions {
  instanceId: string;
  now: () => number;
  log: FastifyBaseLogger;
  timings: CountTimings;
  /** distinct users listening on this instance */
  localCount: () => number;
  publish: (event: RadioEvent) => Promise<void>;
  broadcast: (message: RadioServerMessage) => void;
}

/**
 * The listener total across instances: this instance's distinct users plus the counts the other
 * live instances publish (re-published every heartbeatMs, forgotten after peerTtlMs). Publishing
 * and LISTENERS_UPDATE are both coalesced, so a burst of connections sends a few messages, not one each.
 */
export class ListenerCounts {
  private readonly peers = new Map<string, { count: number; seenAt: number }>();
  private flushTimer: NodeJS.Timeout | null = null;
  private broadcastTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private lastSent = -1;
  private stopped = false;

  constructor(private readonly options: ListenerCountsOptions) {}

  start(): void {
    this.heartbeatTimer = every(this.options.timings.heartbeatMs, () => this.heartbeat());
  }

  halt(): void {
    this.stopped = true;
    for (const timer of [this.flushTimer, this.broadcastTimer]) if (timer) clearTimeout(timer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
  }

  total(): number {
    let total = this.options.localCount();
    const cutoff = this.options.now() - this.options.timings.peerTtlMs;
    for (const peer of this.peers.values()) if (peer.seenAt >= cutoff) total += peer.count;
    return total;
  }

  /** A user came or went here. */
  onLocalChange(): void {
    if (this.stopped) return;
    this.scheduleBroadcast();
    if (this.flushTimer) return;
    this.flushTimer = after(this.options.timings.listenersFlushMs, () => {
      this.flushTimer = null;
      void this.publishCount();
    });
  }

  /** Another instance's count, arrival or departure. */
  onPeerEvent(event: PeerEvent): void {
    const self = event.from === this.options.instanceId;
    switch (event.kind) {
      case 'listeners':
        if (self) break;
        this.peers.set(event.from, { count: event.count, seenAt: this.options.now() });
        this.scheduleBroadcast();
        break;
      case 'hello':
        if (!self && this.options.localCount() > 0) void this.publishCount();
        break;
      case 'bye':
        this.peers.delete(event.from);
        this.scheduleBroadcast();
        break;
    }
  }

  private publishCount(): Promise<void> {
    return this.options
      .publish({ kind: 'listeners', from: this.options.instanceId, count: this.options.localCount() })
      .catch((err) => this.options.log.warn({ err }, 'radio: count not published'));
  }

  /** LISTENERS_UPDATE at most every listenersBroadcastMs, and only when the total changed. */
  private scheduleBroadcast(): void {
    if (this.broadcastTimer || this.stopped) return;
    this.broadcastTimer = after(this.options.timings.listenersBroadcastMs, () => {
      this.broadcastTimer = null;
      const listeners = this.total();
      if (listeners === this.lastSent) return;
      this.lastSent = listeners;
      this.options.broadcast({ type: 'LISTENERS_UPDATE', data: { listeners } });
    });
  }

  private heartbeat(): void {
    if (this.options.localCount() > 0) void this.publishCount();
    const cutoff = this.options.now() - this.options.timings.peerTtlMs;
    for (const [id, peer] of this.peers) if (peer.seenAt < cutoff) this.peers.delete(id);
    this.scheduleBroadcast();
  }
}
