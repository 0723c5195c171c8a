import pg from 'pg';
import { describeError, type Unlisten } from './database';

const LISTEN_BACKOFF_FIRST_MS = 100;
const LISTEN_BACKOFF_MAX_MS = 5_000;

/**
 * LISTEN on one dedicated connection (a pooled one would lose its LISTENs when given back). When
 * that connection drops it reconnects with jittered exponential backoff, LISTENs again on every
 * channel, and then tells the onReconnect handlers: what was notified meanwhile is lost.
 */
export class PostgresListener {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private connection: Promise<pg.Client> | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly connectionTimeoutMs: number,
    private readonly log: (message: string) => void,
  ) {}

  async listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      try {
        const client = await this.client();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        this.handlers.delete(channel);
        throw error;
      }
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
    };
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const current = await this.connection?.catch(() => null);
    if (current) await current.end().catch(() => undefined);
  }

  private client(): Promise<pg.Client> {
    if (!this.connection) {
      this.connection = this.connect();
      this.connection.catch(() => {
        this.connection = null;
      });
    }
    return this.connection;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.connectionTimeoutMs });
    client.on('error', (error) => this.log(`LISTEN connection error (${describeError(error)})`));
    client.on('notification', (msg) => {
      for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.once('end', () => this.onLost());
    return client;
  }

  private onLost(): void {
    if (this.closed) return;
    this.connection = null;
    this.log('LISTEN connection lost; reconnecting');
    this.scheduleReconnect(LISTEN_BACKOFF_FIRST_MS);
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.closed) return;
    // jitter spreads the reconnects of many instances after one server restart
    const jittered = Math.round(delayMs / 2 + Math.random() * (delayMs / 2));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.client().then(
        () => {
          this.log('LISTEN connection restored');
          for (const handler of this.reconnectHandlers) handler();
        },
        (error: Error) => {
          const next = Math.min(delayMs * 2, LISTEN_BACKOFF_MAX_MS);
          this.log(`LISTEN reconnect failed (${describeError(error)}), retrying in ${next} ms`);
          this.scheduleReconnect(next);
        },
      );
    }, jittered);
    this.retryTimer.unref();
  }
}
