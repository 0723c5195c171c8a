import type { Listener, ListenerHub } from './hub';

const OPEN = 1;

/**
 * Finds dead connections by ping, a share of the sockets at a time: each listener is pinged once
 * every `steps` ticks and put out at its next turn if it has not answered. Pinging all 10,000 at
 * once held the event loop for ~350 ms (and their pongs for ~100 ms more), and a skip's broadcast
 * behind them; in shares it is about 10 ms a second.
 */
export class StaggeredPings {
  private readonly turnOf = new WeakMap<Listener, number>();
  private nextTurn = 0;
  private turn = 0;

  constructor(
    private readonly hub: Pick<ListenerHub, 'all' | 'remove'>,
    private readonly steps: number,
  ) {}

  tick(): void {
    const turn = this.turn;
    this.turn = (turn + 1) % this.steps;
    for (const listener of [...this.hub.all]) {
      let own = this.turnOf.get(listener);
      if (own === undefined) {
        own = this.nextTurn;
        this.nextTurn = (own + 1) % this.steps;
        this.turnOf.set(listener, own);
      }
      if (own !== turn) continue;
      if (!listener.alive) {
        this.hub.remove(listener);
        listener.socket.terminate();
        continue;
      }
      listener.alive = false;
      if (listener.socket.readyState === OPEN) listener.socket.ping();
    }
  }
}
