import { Writable } from 'node:stream';
import { buildApp } from '../../../../app';
import { loadConfig } from '../../../../config';
import type { Database } from '../../../../db/open';
import { loggerOptions } from '../../../../logging';
import { createUser, TEST_JWT_SECRET } from '../../../../test/testApp';
import { createTestDatabase } from '../../../../test/testDb';

test('a logged stream URL shows listen=[redacted], never the listen token', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const database: Database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-wavelength-logs', LOG_LEVEL: 'trace', DEMO_LIBRARY: 'off' });
  const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, clientDir: null, logger: loggerOptions('trace', { stream }) });
  try {
    await app.ready();
    const user = await createUser({ app, clock: { now: Date.now() } });
    const { url } = (await app.inject({ method: 'GET', url: '/api/radio/listen-url', headers: user.headers })).json();
    const token = new URL(url).searchParams.get('listen')!;
    const { pathname, search } = new URL(url);
    // HEAD: a GET with a working link is an endless stream
    expect((await app.inject({ method: 'HEAD', url: `${pathname}${search}` })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `${pathname}?LISTEN=${token}&x=1` });

    const log = lines.join('\n');
    expect(log).toContain('/api/radio/live?listen=[redacted]');
    expect(log).toContain('/api/radio/live?LISTEN=[redacted]&x=1');
    expect(log).not.toContain(token);
  } finally {
    await app.close();
    await database.close();
  }
});
