import { Writable } from 'node:stream';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/open';
import { loggerOptions, redactText, redactUrl } from '../../logging';
import { findResetLink } from '../../mail/passwordResetMail';
import { TEST_JWT_SECRET } from '../../test/testApp';
import { createTestDatabase } from '../../test/testDb';

describe('what the logs may show', () => {
  it('redactUrl hides token-like query values', () => {
    expect(redactUrl('/api/radio/ws?token=abc.def.ghi&x=1')).toBe('/api/radio/ws?token=[redacted]&x=1');
    expect(redactUrl('/api/songs/stream/1?st=abc')).toBe('/api/songs/stream/1?st=[redacted]');
    expect(redactUrl('/auth/reset-password?token=Zm9v_-')).toBe('/auth/reset-password?token=[redacted]');
  });

  it('redactText hides SQL parameters that drizzle puts in error messages', () => {
    expect(redactText('Failed query: insert into "users" values ($1, $2)\nparams: bob,scrypt$abc$def')).toBe(
      'Failed query: insert into "users" values ($1, $2)\nparams: [redacted]',
    );
  });
});

describe('a whole account flow through a real logger', () => {
  const lines: string[] = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = path.join(os.tmpdir(), `wavelength-logs-${randomBytes(6).toString('hex')}`);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'trace', DEMO_LIBRARY: 'off' });
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, clientDir: null, logger: loggerOptions('trace', { stream }) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('never contains a password or a token (the outbox line is the one place a reset link is written, on purpose)', async () => {
    const password = 'Sekrit-Passw0rd-for-logs';
    const newPassword = 'N3w-Sekrit-Passw0rd-logs';
    const user = { username: `logs${Date.now()}`, email: `logs${Date.now()}@example.test`, password };
    const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: `/api${url}`, payload, headers });

    expect((await post('/auth/register', user)).statusCode).toBe(201);
    await post('/auth/login', { username: user.email, password: 'Wr0ng-Guess-logs' });
    const login = await post('/auth/login', { username: user.email, password });
    const token: string = login.json().token.token;
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: `/api/radio/ws?token=${token}` });
    const refreshed: string = (await post('/auth/refresh', { token })).json().token.token;
    await post('/auth/logout', {}, { authorization: `Bearer ${refreshed}` });

    await post('/auth/forgot-password', { email: user.email });
    await app.inject({ method: 'GET', url: '/api/health' });
    let raw = '';
    for (let i = 0; i < 100 && !raw; i++) {
      const files = await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);
      if (files.length) raw = await readFile(path.join(dataDir, 'outbox', files[0]), 'utf8');
      else await new Promise((r) => setTimeout(r, 50));
    }
    const resetToken = new URL(findResetLink(raw)!).searchParams.get('token')!;
    await app.inject({ method: 'GET', url: `/auth/reset-password?token=${resetToken}` });
    expect((await post('/auth/reset-password', { token: resetToken, password: newPassword })).statusCode).toBe(200);
    await post('/auth/login', { username: user.email, password: newPassword });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('/api/auth/login');
    expect(log).toContain('/api/radio/ws?token=[redacted]');
    for (const secret of [password, newPassword, 'Wr0ng-Guess-logs', token, refreshed, token.split('.')[2], refreshed.split('.')[2]]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/scrypt\$/);
    const withResetToken = lines.filter((l) => l.includes(resetToken));
    expect(withResetToken).toHaveLength(1);
    expect(withResetToken[0]).toContain('password reset mail written to the outbox');
  });
});
