import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import { textFrame } from './textFrame';

export interface Listener {
  socket: WebSocket;
  /**
   * The TCP connection under `socket` when it negotiated no extension: a finished frame written to
   * it goes out as ws would have framed it. Absent: every message goes through socket.send.
   */
  wire?: Writable;
  userId: string;
  sessionId: string;
  /** answered the last ping */
  alive: boolean;
}

/**
 * The radio sockets of this instance. A message is serialized and framed once and the same bytes
 * go to every socket; the listener count is the number of distinct users (two tabs count once).
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

  /**
   * Sends one already-serialized message to every open socket, framed once: one write of the same
   * bytes per socket, where ws.send would build a header and write twice for each (bench/notes.md,
   * "radio: fan-out at 10,000"). Safe beside ws's own writes: without extensions ws never queues
   * a frame (it writes each one whole, at once), so frames cannot interleave.
   */
  broadcast(message: string): void {
    if (this.all.size === 0) return;
    const payload = Buffer.from(message);
    const frame = textFrame(payload);
    for (const { socket, wire } of this.all) {
      if (socket.readyState !== socket.OPEN) continue;
      if (wire) wire.write(frame);
      else socket.send(payload, { binary: false });
    }
  }
}
