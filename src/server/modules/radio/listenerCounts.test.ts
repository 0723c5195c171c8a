import type { FastifyBaseLogger } from 'fastify';
import type { RadioServerMessage } from '../../../contract/radio';
import { DEFAULT_RADIO_TIMINGS, type RadioEvent } from './config';
import { ListenerCounts } from './listenerCounts';

function counts(local: number) {
  const clock = { now: 1_000_000 };
  const published: RadioEvent[] = [];
  const sent: RadioServerMessage[] = [];
  const part = new ListenerCounts({
    instanceId: 'me',
    now: () => clock.now,
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
    timings: DEFAULT_RADIO_TIMINGS,
    localCount: () => local,
    publish: async (event) => {
      published.push(event);
    },
    broadcast: (message) => sent.push(message),
  });
  return { part, clock, published, sent };
}

describe('listener counts across instances', () => {
  it('adds the counts other instances publish, ignores its own, and drops a peer on bye', () => {
    const { part } = counts(2);
    part.onPeerEvent({ kind: 'listeners', from: 'other', count: 3 });
    part.onPeerEvent({ kind: 'listeners', from: 'me', count: 99 });
    expect(part.total()).toBe(5);
    part.onPeerEvent({ kind: 'bye', from: 'other' });
    expect(part.total()).toBe(2);
    part.halt();
  });

  it('stops counting a peer not heard of for peerTtlMs on the injected clock', () => {
    const { part, clock } = counts(1);
    part.onPeerEvent({ kind: 'listeners', from: 'other', count: 4 });
    clock.now += DEFAULT_RADIO_TIMINGS.peerTtlMs;
    expect(part.total()).toBe(5);
    clock.now += 1;
    expect(part.total()).toBe(1);
    part.halt();
  });

  it('answers a new instance hello with its count only when someone listens here', () => {
    const busy = counts(2);
    busy.part.onPeerEvent({ kind: 'hello', from: 'other' });
    expect(busy.published).toEqual([{ kind: 'listeners', from: 'me', count: 2 }]);
    const idle = counts(0);
    idle.part.onPeerEvent({ kind: 'hello', from: 'other' });
    expect(idle.published).toEqual([]);
    busy.part.halt();
    idle.part.halt();
  });
});
