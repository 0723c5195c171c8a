import type { WebSocket } from 'ws';

export interface Listener {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** answered the last ping */
  alive: boolean;
}

/**
 * The radio sockets of this instance. A message is serialized once and the same bytes go to every
 * socket; the listener count is the number of distinct users (two tabs count once).
 */
export class ListenerHub {
  private readonly byUser = new Map<string, Set<Listener>>();
  readonly all = new Set<Listener>();

  /** `onCountChange` hears the user whose first socket opened or last one closed */
  constructor(private readonly onCountChange: (userId: string) => void) {}

  add(listener: Listener): void {
    this.all.add(listener);
    let set = this.byUser.get(listener.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(listener.userId, set);
    }
    set.add(listener);
    if (set.size === 1) this.onCountChange(listener.userId);
  }

  remove(listener: Listener): void {
    if (!this.all.delete(listener)) return;
    const set = this.byUser.get(listener.userId);
    if (!set) return;
    set.delete(listener);
    if (set.size === 0) {
      this.byUser.delete(listener.userId);
      this.onCountChange(listener.userId);
    }
  }

  /** open sockets of one user here */
  socketCount(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** the users with an open socket here */
  userIds(): IterableIterator<string> {
    return this.byUser.keys();
  }

  /** distinct users with an open socket here */
  get userCount(): number {
    return this.byUser.size;
  }

  /** Sends one already-serialized message to every open socket. */
  broadcast(message: string): void {
    if (this.all.size === 0) return;
    const bytes = Buffer.from(message);
    for (const listener of this.all) {
      if (listener.socket.readyState === listener.socket.OPEN) listener.socket.send(bytes, { binary: false });
    }
  }
}
