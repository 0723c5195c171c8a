import { jest } from '@jest/globals';
import type { WebSocket } from 'ws';
import type { Listener } from './hub';
import { StaggeredPings } from './pings';

function fakeListener(n: number) {
  const socket = { readyState: 1, ping: jest.fn(), terminate: jest.fn() };
  const listener: Listener = { socket: socket as unknown as WebSocket, userId: `u${n}`, sessionId: `s${n}`, alive: true };
  return { listener, socket };
}

function fakeHub(count: number) {
  const fakes = Array.from({ length: count }, (_, n) => fakeListener(n));
  const all = new Set(fakes.map((f) => f.listener));
  return { fakes, hub: { all, remove: (l: Listener) => void all.delete(l) } };
}

describe('staggered pings', () => {
  it('pings a share of the sockets per tick and every socket once per round of ticks', () => {
    const { fakes, hub } = fakeHub(90);
    const pings = new StaggeredPings(hub, 30);
    pings.tick();
    expect(fakes.filter((f) => f.socket.ping.mock.calls.length === 1)).toHaveLength(3);
    for (let i = 1; i < 30; i += 1) pings.tick();
    expect(fakes.every((f) => f.socket.ping.mock.calls.length === 1)).toBe(true);
  });

  it('puts out at its next turn a socket that did not answer, and keeps one that did', () => {
    const { fakes, hub } = fakeHub(4);
    const pings = new StaggeredPings(hub, 2);
    pings.tick();
    pings.tick();
    const [answered, silent] = fakes;
    answered.listener.alive = true; // its pong came back
    pings.tick();
    pings.tick();
    expect(answered.socket.terminate).not.toHaveBeenCalled();
    expect(answered.socket.ping).toHaveBeenCalledTimes(2);
    expect(silent.socket.terminate).toHaveBeenCalledTimes(1);
    expect(hub.all.has(silent.listener)).toBe(false);
    expect(hub.all.has(answered.listener)).toBe(true);
  });

  it('gives a socket that arrives later a turn of its own', () => {
    const { hub } = fakeHub(0);
    const pings = new StaggeredPings(hub, 3);
    pings.tick();
    const late = fakeListener(99);
    hub.all.add(late.listener);
    for (let i = 0; i < 3; i += 1) pings.tick();
    expect(late.socket.ping).toHaveBeenCalledTimes(1);
  });
});
