import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { scrobbleConnections, type SongRow } from '../../db/schema';
import { insertSongs } from '../../library/test/songFixtures';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { SCROBBLE_MESSAGES } from '../../../contract/scrobbleMessages';
import { lastfmSignature } from './lastfm';
import { startMockLastfm, type MockLastfm } from './test/mockLastfm';
import type { MockListenBrainz } from './test/mockListenBrainz';
import { appFor, arrivals, connectListenBrainz, LB_TOKEN, LB_USER, listened, queued, startListenBrainzKit } from './test/scrobbleKit';

const SLOW = 60_000;
const LASTFM = { apiKey: 'lastfmkey0123456789', apiSecret: 'lastfmsecret0123456789' };
let lb: MockListenBrainz;
let lastfm: MockLastfm;
let clock: { now: number };
let t: TestApp;
let songs: SongRow[];
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ({ lb, clock } = await startListenBrainzKit({ tokens: { [LB_TOKEN]: LB_USER, 'bob-token': 'bob-lb' } }));
  lastfm = await startMockLastfm(LASTFM);
  t = await appFor(lb, clock, {
    env: { LASTFM_API_KEY: LASTFM.apiKey, LASTFM_API_SECRET: LASTFM.apiSecret, LASTFM_API_URL: lastfm.apiUrl, LASTFM_AUTH_URL: lastfm.authUrl },
  });
  songs = await insertSongs(t.app.db, [200, 180]);
  alice = await createUser(t);
  bob = await createUser(t);
}, SLOW);
afterAll(async () => {
  await t?.close();
  await lb?.close();
  await lastfm?.close();
});

const connections = (u: TestUser) => t.app.inject({ method: 'GET', url: '/api/scrobble/connections', headers: u.headers });
const disconnect = (u: TestUser, service: string) => t.app.inject({ method: 'DELETE', url: `/api/scrobble/connections/${service}`, headers: u.headers });

/** Settings' Connect Last.fm: the address the browser is sent to, and the callback it carries. */
async function lastfmConnect(u: TestUser) {
  const res = await t.app.inject({ method: 'POST', url: '/api/scrobble/lastfm/connect', headers: u.headers });
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().url);
  const callback = new URL(url.searchParams.get('cb')!);
  return { url, callback, state: callback.searchParams.get('state')! };
}
const callback = (state: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/scrobble/lastfm/callback?${new URLSearchParams({ state, token })}` });

describe('ListenBrainz connection (docs/product.md §2.10, §7.11)', () => {
  it('checks the token with validate-token before saving it, and shows the ListenBrainz user name', async () => {
    const refused = await connectListenBrainz(t, alice, 'not-a-real-token');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SCROBBLE_MESSAGES.tokenRejected);
    expect((await connections(alice)).json()).toEqual({ success: true, connections: [], lastfmAvailable: true });

    const saved = await connectListenBrainz(t, alice);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().connections).toEqual([{ service: 'listenbrainz', username: LB_USER, pending: 0, failing: 0 }]);
    expect(JSON.stringify((await connections(alice)).json())).not.toContain(LB_TOKEN);
    // kept encrypted: the row holds no token
    const [row] = await t.app.db.select().from(scrobbleConnections).where(eq(scrobbleConnections.userId, alice.user.id));
    expect(row.secret).not.toContain(LB_TOKEN);
    expect(row.secret).toMatch(/^v1:/);
  });

  it('says when ListenBrainz cannot be reached, and saves nothing', async () => {
    await lb.down();
    try {
      const res = await connectListenBrainz(t, bob, 'bob-token');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(SCROBBLE_MESSAGES.listenBrainzUnreachable);
    } finally {
      await lb.up();
    }
    expect((await connections(bob)).json().connections).toEqual([]);
  });

  it("a user neither sees nor removes another user's connection, and a stranger gets 401", async () => {
    expect((await connections(bob)).json().connections).toEqual([]);
    expect((await disconnect(bob, 'listenbrainz')).statusCode).toBe(404);
    expect((await connections(alice)).json().connections).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/scrobble/connections' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/scrobble/listenbrainz', payload: { token: LB_TOKEN } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/scrobble/listened', payload: { songId: songs[0].id } })).statusCode).toBe(401);
  });

  it('Disconnect removes the connection and its waiting listens', async () => {
    const user = await createUser(t);
    await connectListenBrainz(t, user);
    await lb.down();
    try {
      await listened(t, user, songs[0].id);
      await t.app.scrobble.runDue();
      expect((await connections(user)).json().connections).toEqual([{ service: 'listenbrainz', username: LB_USER, pending: 1, failing: 1 }]);
      expect((await disconnect(user, 'listenbrainz')).json().connections).toEqual([]);
      expect(await queued(t.app.db, user.user.id)).toEqual([]);
    } finally {
      await lb.up();
    }
  });
});

describe('Subsonic scrobble goes through the same path', () => {
  it('submission=true queues a listen at the app time; submission=false sends playing_now', async () => {
    const user = await createUser(t);
    await connectListenBrainz(t, user);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/subsonic/keys',
      headers: user.headers,
      payload: { name: 'phone', currentPassword: user.password },
    });
    const apiKey = key.json().apiKey as string;
    const rest = (extra: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/rest/scrobble.view?${new URLSearchParams({ apiKey, v: '1.16.1', c: 'test', f: 'json', ...extra })}` });
    lb.received.length = 0;

    expect((await rest({ id: songs[1].id, submission: 'false' })).json()['subsonic-response'].status).toBe('ok');
    await lb.waitFor((r) => r.some((s) => s.listen_type === 'playing_now'));

    const at = clock.now - 120_000;
    expect((await rest({ id: songs[1].id, time: String(at) })).json()['subsonic-response'].status).toBe('ok');
    await t.app.scrobble.runDue();
    expect(arrivals(lb)).toEqual([
      expect.objectContaining({ listened_at: Math.floor(at / 1000), track_metadata: expect.objectContaining({ track_name: songs[1].title }) }),
    ]);
  });
});

describe('Last.fm (docs/product.md §2.10)', () => {
  it('signs calls as Last.fm documents: md5 of the sorted parameters and the secret, without format and callback', () => {
    const params = { method: 'auth.getSession', token: 'tok', api_key: 'key', format: 'json', callback: 'x' };
    expect(lastfmSignature(params, 'secret')).toBe(createHash('md5').update('api_keykeymethodauth.getSessiontokentoksecret').digest('hex'));
  });

  it('connects through the web authorisation: the callback with a signed state stores the session, and listens are scrobbled signed', async () => {
    const { url, callback: cb, state } = await lastfmConnect(alice);
    expect(`${url.origin}${url.pathname}`).toBe(lastfm.authUrl);
    expect(url.searchParams.get('api_key')).toBe(LASTFM.apiKey);
    expect(cb.pathname).toBe('/api/scrobble/lastfm/callback');

    const res = await callback(state, lastfm.allowedToken('alice-fm'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/settings?lastfm=connected#scrobbling');
    expect((await connections(alice)).json().connections).toEqual(
      expect.arrayContaining([{ service: 'lastfm', username: 'alice-fm', pending: 0, failing: 0 }]),
    );

    lastfm.failNext(1, 503);
    const startedAt = new Date(clock.now - 60_000);
    expect((await listened(t, alice, songs[0].id, startedAt)).json()).toEqual({ success: true, queued: 2 });
    await t.app.scrobble.runDue();
    expect(lastfm.calls).toEqual([]);
    clock.now += 60_000;
    await t.app.scrobble.runDue();
    expect(lastfm.calls).toEqual([
      expect.objectContaining({
        method: 'track.scrobble',
        params: expect.objectContaining({
          'artist[0]': songs[0].artist,
          'track[0]': songs[0].title,
          'timestamp[0]': String(Math.floor(startedAt.getTime() / 1000)),
        }),
      }),
    ]);
    expect(lastfm.refused).toEqual([expect.objectContaining({ status: 503 })]);
  });

  it('retries a listen Last.fm answers with 429 (its rate limit), as after a 5xx: it arrives on a later try', async () => {
    lastfm.failNext(1, 429);
    const before = lastfm.calls.length;
    const startedAt = new Date(clock.now - 60_000);
    expect((await listened(t, alice, songs[1].id, startedAt)).json()).toMatchObject({ success: true });
    await t.app.scrobble.runDue();
    expect(lastfm.calls.slice(before)).toEqual([]);
    expect(lastfm.refused.at(-1)).toEqual(expect.objectContaining({ status: 429 }));
    clock.now += 60_000;
    await t.app.scrobble.runDue();
    expect(lastfm.calls.slice(before)).toEqual([
      expect.objectContaining({ method: 'track.scrobble', params: expect.objectContaining({ 'track[0]': songs[1].title }) }),
    ]);
  });

  it('refuses a forged, changed or expired state, and a token Last.fm did not issue', async () => {
    const { state } = await lastfmConnect(bob);
    const [userId, expires, signature] = state.split('.');
    const token = lastfm.allowedToken('bob-fm');
    expect((await callback(`${alice.user.id}.${expires}.${signature}`, token)).headers.location).toBe('/settings?lastfm=invalid#scrobbling');
    expect((await callback(`${userId}.${Number(expires) + 1000}.${signature}`, token)).headers.location).toBe('/settings?lastfm=invalid#scrobbling');
    expect((await callback(state, 'never-issued')).headers.location).toBe('/settings?lastfm=refused#scrobbling');
    clock.now += 11 * 60_000;
    expect((await callback(state, token)).headers.location).toBe('/settings?lastfm=invalid#scrobbling');
    expect((await connections(bob)).json().connections).toEqual([]);
    expect(lastfm.refused).toEqual(expect.arrayContaining([expect.objectContaining({ error: 4 })]));
  });

  it('without the admin key and secret there is no Last.fm', async () => {
    const plain = await createTestApp();
    try {
      const user = await createUser(plain);
      expect((await plain.app.inject({ method: 'GET', url: '/api/scrobble/connections', headers: user.headers })).json().lastfmAvailable).toBe(false);
      const res = await plain.app.inject({ method: 'POST', url: '/api/scrobble/lastfm/connect', headers: user.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SCROBBLE_MESSAGES.lastfmNotConfigured);
    } finally {
      await plain.close();
    }
  });
});
