import type { Database, Unlisten } from '../db/open';

/**
 * A small typed bus over PostgreSQL LISTEN/NOTIFY: what one instance publishes, every instance
 * (the publisher included) receives. With PGlite it runs in-process through the same calls.
 * Payloads must stay small (NOTIFY allows under 8,000 bytes): send what changed, not the data.
 */
export interface EventBus<T> {
  publish(event: T): Promise<void>;
  subscribe(handler: (event: T) => void): Promise<Unlisten>;
}

export function createEventBus<T>(database: Database, channel: string, onError: (error: unknown) => void = () => {}): EventBus<T> {
  return {
    async publish(event) {
      await database.notify(channel, JSON.stringify(event));
    },
    subscribe(handler) {
      return database.listen(channel, (payload) => {
        let event: T;
        try {
          event = JSON.parse(payload) as T;
        } catch (error) {
          onError(error);
          return;
        }
        try {
          handler(event);
        } catch (error) {
          onError(error);
        }
      });
    },
  };
}
