import type { Unlisten } from './database';

/**
 * LISTEN/NOTIFY for a database only this process uses (the embedded one): a notification reaches
 * this process's listeners, after the caller's turn, as PGlite's own notifications did.
 */
export class LocalNotifications {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();

  listen(channel: string, onPayload: (payload: string) => void): Unlisten {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
    };
  }

  notify(channel: string, payload: string): void {
    const set = this.handlers.get(channel);
    if (!set?.size) return;
    const handlers = [...set];
    setImmediate(() => {
      for (const handler of handlers) handler(payload);
    });
  }
}
