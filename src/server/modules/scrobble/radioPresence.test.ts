import type { FastifyBaseLogger } from 'fastify';
import type { LiveSnapshot } from '../radio/snapshot';
import { followRadio, type RadioFeed } from './radioListens';

/** followRadio against a fake station: who heard a track to its scrobble point, and the work a crowd's arrival costs. */
function fakeRadio() {
  const tunedIn = new Map<string, number>();
  const watchers: { station: ((s: LiveSnapshot) => void)[]; presence: ((userId: string) => void)[] } = { station: [], presence: [] };
  let checks = 0;
  const feed: RadioFeed = {
    onStationRead: (watch) => watchers.station.push(watch),
    onListenersChanged: (watch) => watchers.presence.push(watch),
    isTunedIn: (userId) => {
      checks += 1;
      return (tunedIn.get(userId) ?? 0) > 0;
    },
  };
  const connections = (userId: string, delta: number) => {
    const before = tunedIn.get(userId) ?? 0;
    tunedIn.set(userId, before + delta);
    // as the hub and the stream do: a change is told when a user's first connection opens or last one closes
    if ((before === 0) !== (before + delta === 0)) for (const watch of watchers.presence) watch(userId);
  };
  const onAir = (itemId: string | null, startedAt = 0) => {
    const snapshot = itemId
      ? { isActive: true, current: { songId: `song-${itemId}` }, currentItemId: itemId, startedAt, currentDurationMs: 200_000 }
      : { isActive: false, current: null, currentItemId: null, startedAt: null, currentDurationMs: 0 };
    for (const watch of watchers.station) watch(snapshot as unknown as LiveSnapshot);
  };
  return { feed, connections, onAir, checks: () => checks };
}

function setUp() {
  const clock = { now: 0 };
  const radio = fakeRadio();
  const listenedBy: { userIds: string[]; songId: string }[] = [];
  const listens = {
    listenedBy: async (userIds: string[], songId: string) => {
      listenedBy.push({ userIds: [...userIds].sort(), songId });
      return userIds.length;
    },
    nowPlayingFor: async () => undefined,
  };
  followRadio(radio.feed, listens, () => clock.now, { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger);
  return { clock, radio, listenedBy };
}

describe('radio presence (docs/product.md §5.10)', () => {
  it('a user on two connections who closes one is still tuned in; one who tunes out early is not counted', () => {
    const { clock, radio, listenedBy } = setUp();
    radio.onAir('a', 0);
    radio.connections('twice', 1);
    radio.connections('twice', 1);
    radio.connections('early', 1);
    clock.now = 30_000;
    radio.connections('twice', -1);
    radio.connections('early', -1);
    clock.now = 200_000;
    radio.onAir('b', 200_000);
    expect(listenedBy).toEqual([{ userIds: ['twice'], songId: 'song-a' }]);
  });

  it('a crowd arriving costs one presence check per listener, not one per listener already there', () => {
    const { clock, radio, listenedBy } = setUp();
    radio.onAir('a', 0);
    const crowd = Array.from({ length: 10_000 }, (_, i) => `user-${i}`);
    for (const userId of crowd) radio.connections(userId, 1);
    expect(radio.checks()).toBe(crowd.length);
    clock.now = 200_000;
    radio.onAir('b', 200_000);
    expect(listenedBy).toHaveLength(1);
    expect(listenedBy[0].userIds).toHaveLength(crowd.length);
  });
});
