import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/open';
import { loggerOptions, redactUrl } from '../../logging';
import { createUser, TEST_JWT_SECRET } from '../../test/testApp';
import { createTestDatabase } from '../../test/testDb';

describe('what the logs show of Subsonic requests', () => {
  it('redactUrl hides the app password, the token, the salt and the API key of a Subsonic URL', () => {
    expect(redactUrl('/rest/ping.view?u=bob&p=enc:736563726574&v=1.2.0&c=DSub')).toBe('/rest/ping.view?u=bob&p=[redacted]&v=1.2.0&c=DSub');
    expect(redactUrl('/rest/ping?u=bob&t=abc&s=def&f=json')).toBe('/rest/ping?u=bob&t=[redacted]&s=[redacted]&f=json');
    expect(redactUrl('/rest/stream?id=1&apiKey=wl_secret')).toBe('/rest/stream?id=1&apiKey=[redacted]');
  });

  it('redactUrl reads parameter names as the server decodes them: percent-encoded and odd-cased names are redacted too', () => {
    expect(redactUrl('/rest/ping?u=bob&%70=secret&v=1')).toBe('/rest/ping?u=bob&%70=[redacted]&v=1');
    expect(redactUrl('/rest/ping?%61piKey=wl_secret')).toBe('/rest/ping?%61piKey=[redacted]');
    expect(redactUrl('/rest/ping?u=bob&%74=abc&%73=salt&%2570=kept')).toBe('/rest/ping?u=bob&%74=[redacted]&%73=[redacted]&%2570=kept');
    expect(redactUrl('/rest/ping?%41%50%49%4B%45%59=wl_secret&to%6Ben=abc')).toBe('/rest/ping?%41%50%49%4B%45%59=[redacted]&to%6Ben=[redacted]');
    expect(redactUrl('/rest/ping?u=bob&pp=kept&%=x')).toBe('/rest/ping?u=bob&pp=kept&%=x');
  });

  it('never contains an app password, a token or an API key, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), `wavelength-sublogs-${randomBytes(6).toString('hex')}`),
      LOG_LEVEL: 'trace',
      DEMO_LIBRARY: 'off',
    });
    const database: Database = await createTestDatabase();
    const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, clientDir: null, logger: loggerOptions('trace', { stream }) });
    await app.ready();
    try {
      const clock = { now: Date.now() };
      const user = await createUser({ app, clock });
      const appPassword = 'Sekrit-App-Passw0rd';
      await app.inject({
        method: 'PUT',
        url: '/api/subsonic/password',
        headers: user.headers,
        payload: { password: appPassword, currentPassword: user.password },
      });
      const created = await app.inject({
        method: 'POST',
        url: '/api/subsonic/keys',
        headers: user.headers,
        payload: { name: 'phone', currentPassword: user.password },
      });
      const apiKey = created.json().apiKey as string;
      const token = createHash('md5').update(`${appPassword}pepper42`).digest('hex');
      const u = user.user.username;
      const hex = Buffer.from(appPassword).toString('hex');
      for (const query of [
        `u=${u}&p=${appPassword}`,
        `u=${u}&p=enc:${hex}`,
        `u=${u}&t=${token}&s=pepper42`,
        `apiKey=${apiKey}`,
        `u=${u}&p=wrong-${appPassword}`,
        // names percent-encoded: the server decodes them (the first three sign in), the logs must too
        `u=${u}&%70=${appPassword}`,
        `u=${u}&%74=${token}&%73=pepper42`,
        `%61piKey=${apiKey}`,
        `u=${u}&%70=enc:${hex}`,
      ]) {
        const res = await app.inject({ method: 'GET', url: `/rest/ping.view?${query}&v=1.16.1&c=tests&f=json` });
        expect(res.statusCode).toBe(200);
      }
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of [appPassword, hex, token, apiKey, 'pepper42']) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
