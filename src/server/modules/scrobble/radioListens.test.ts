import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { scrobbleQueue, users } from '../../db/schema';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { insertSong, openSocket, waitFor, type TestSocket } from '../radio/test/helpers';
import type { MockListenBrainz } from './test/mockListenBrainz';
import { appFor, arrivals, connectListenBrainz, startListenBrainzKit } from './test/scrobbleKit';

const SLOW = 60_000;
let lb: MockListenBrainz;
let clock: { now: number };
let t: TestApp;
let admin: TestUser;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ({ lb, clock } = await startListenBrainzKit({
    tokens: { 'token-alice': 'alice-lb', 'token-bob': 'bob-lb', 'token-carol': 'carol-lb', 'token-dave': 'dave-lb' },
  }));
  t = await appFor(lb, clock);
  admin = await createUser(t, { role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/radio/ws`;
}, SLOW);
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
  await lb?.close();
});

async function tuneIn(user: TestUser): Promise<TestSocket> {
  const socket = openSocket(`${base}?token=${encodeURIComponent(user.token)}`);
  sockets.push(socket);
  await waitFor(() => t.app.radio.tunedInUsers().has(user.user.id));
  return socket;
}

async function connected(name: string): Promise<TestUser> {
  const user = await createUser(t);
  expect((await connectListenBrainz(t, user, `token-${name}`)).statusCode).toBe(200);
  return user;
}

const asAdmin = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: admin.headers, ...(payload ? { payload } : {}) });

describe('radio listens go through the one path (docs/product.md §5.10)', () => {
  it('a listener tuned in past the scrobble point gets a listen, not chosen by them, and now playing as a track goes on air; one who left early, never tuned in or records no history gets none', async () => {
    const [alice, bob] = [await connected('alice'), await connected('bob'), await connected('carol')];
    const song = await insertSong(t.app.db, { title: 'On Air', artist: 'Station Band', durationMs: 200_000 });
    const next = await insertSong(t.app.db, { title: 'After', durationMs: 100_000 });
    const dave = await connected('dave');
    await t.app.db.update(users).set({ recordListeningHistory: false }).where(eq(users.id, dave.user.id));
    await tuneIn(dave);
    await tuneIn(alice);
    const early = await tuneIn(bob);
    await asAdmin('/api/radio/queue', { songId: song.id });
    await asAdmin('/api/radio/queue', { songId: next.id });
    await asAdmin('/api/radio/toggle');
    const start = clock.now;

    // bob leaves after 30 s: less than half the song
    clock.now = start + 30_000;
    await early.close();
    await waitFor(() => !t.app.radio.tunedInUsers().has(bob.user.id));

    clock.now = start + 200_000;
    expect(await t.app.radio.checkClock()).toBe(true);
    // the station's listeners are counted after checkClock answers: send what is due until the listen is out
    await waitFor(
      async () => {
        await t.app.scrobble.runDue();
        return arrivals(lb).length > 0;
      },
      10_000,
      'the radio listen to reach ListenBrainz',
    );
    expect(arrivals(lb)).toEqual([
      {
        type: 'single',
        listened_at: Math.floor(start / 1000),
        track_metadata: expect.objectContaining({
          artist_name: 'Station Band',
          track_name: 'On Air',
          additional_info: expect.objectContaining({ music_service_name: 'Wavelength radio' }),
        }),
      },
    ]);
    const by = (type: string, title: string) =>
      lb.received.flatMap((sub, i) => (sub.listen_type === type && sub.payload[0].track_metadata.track_name === title ? [lb.receivedBy[i]] : []));
    expect(by('single', 'On Air')).toEqual(['alice-lb']);
    // now playing as each track went on air, to those tuned in then who record their history
    await lb.waitFor((r) => r.some((sub) => sub.listen_type === 'playing_now' && sub.payload[0].track_metadata.track_name === 'After'));
    expect(by('playing_now', 'On Air').sort()).toEqual(['alice-lb', 'bob-lb']);
    expect(by('playing_now', 'After')).toEqual(['alice-lb']);
    // the sender deletes a row once ListenBrainz answered, a moment after the mock counted it
    await waitFor(async () => (await t.app.db.select().from(scrobbleQueue)).length === 0, 5_000, 'the queue to drain');
    expect(await t.app.db.select().from(scrobbleQueue)).toEqual([]);
  });
});
