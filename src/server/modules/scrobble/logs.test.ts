import { Writable } from 'node:stream';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/open';
import { insertSongs } from '../../library/test/songFixtures';
import { loggerOptions } from '../../logging';
import { createUser, TEST_JWT_SECRET } from '../../test/testApp';
import { createTestDatabase } from '../../test/testDb';
import { startMockLastfm } from './test/mockLastfm';
import { startMockListenBrainz } from './test/mockListenBrainz';

const LB_TOKEN = 'secret-listenbrainz-token-0123456789';
const LASTFM = { apiKey: 'logkey0123456789', apiSecret: 'logsecret0123456789' };

test('a refused listen is dropped with its reason in the log; no token, session key or secret is ever logged', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const lb = await startMockListenBrainz({ tokens: { [LB_TOKEN]: 'logged-user' } });
  const lastfm = await startMockLastfm(LASTFM);
  const database: Database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-wavelength-logs',
    LOG_LEVEL: 'trace',
    DEMO_LIBRARY: 'off',
    LISTENBRAINZ_URL: lb.url,
    LASTFM_API_KEY: LASTFM.apiKey,
    LASTFM_API_SECRET: LASTFM.apiSecret,
    LASTFM_API_URL: lastfm.apiUrl,
    LASTFM_AUTH_URL: lastfm.authUrl,
  });
  const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, clientDir: null, logger: loggerOptions('trace', { stream }) });
  try {
    await app.ready();
    const user = await createUser({ app, clock: { now: Date.now() } });
    const [song] = await insertSongs(app.db, [200]);
    expect((await app.inject({ method: 'PUT', url: '/api/scrobble/listenbrainz', headers: user.headers, payload: { token: LB_TOKEN } })).statusCode).toBe(200);
    const connect = await app.inject({ method: 'POST', url: '/api/scrobble/lastfm/connect', headers: user.headers });
    const state = new URL(new URL(connect.json().url).searchParams.get('cb')!).searchParams.get('state')!;
    const lastfmToken = lastfm.allowedToken('logged-fm');
    const back = await app.inject({ method: 'GET', url: `/api/scrobble/lastfm/callback?${new URLSearchParams({ state, token: lastfmToken })}` });
    expect(back.headers.location).toBe('/settings?lastfm=connected#scrobbling');

    lb.failNext(1, 400);
    await app.inject({ method: 'POST', url: '/api/scrobble/listened', headers: user.headers, payload: { songId: song.id } });
    await app.scrobble.runDue();
    expect(lastfm.calls).toHaveLength(1);
    const sessionKey = lastfm.calls[0].sk;

    const log = lines.join('\n');
    const dropped = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'scrobble: listens dropped, the service refused them');
    expect(dropped).toMatchObject({ service: 'listenbrainz', listens: 1, reason: 'HTTP 400: Told to fail', userId: user.user.id });
    for (const secret of [LB_TOKEN, lastfmToken, sessionKey, LASTFM.apiSecret]) expect(log).not.toContain(secret);
  } finally {
    await app.close();
    await database.close();
    await lb.close();
    await lastfm.close();
  }
});
