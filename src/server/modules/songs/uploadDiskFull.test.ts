import * as realFs from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { jest } from '@jest/globals';
import type { TestApp, TestUser } from '../../test/testApp';
import { multipartBody } from './test/multipartBody';

/**
 * An upload on a full disk (issue 27, item 10): receiveUpload streams the file to MEDIA_DIR/tmp with
 * node:fs's createWriteStream; here that stream is /dev/full, whose every write fails with the
 * kernel's ENOSPC, after half a part file was written, as a disk filling up leaves it.
 */
let fullDisk = false;
jest.unstable_mockModule('node:fs', () => ({
  ...realFs,
  default: realFs,
  createWriteStream: (file: string, options?: Parameters<typeof realFs.createWriteStream>[1]) => {
    if (!fullDisk || !String(file).endsWith('.part')) return realFs.createWriteStream(file, options);
    realFs.writeFileSync(file, Buffer.alloc(4096, 1));
    return realFs.createWriteStream('/dev/full', { flags: 'w' });
  },
}));

const { createTestApp, createUser } = await import('../../test/testApp');
const { FIXTURES } = await import('./test/songsApp');

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
}, 60_000);
afterAll(async () => t?.close());

it('answers 507 "The server\'s disk is full" and leaves nothing in MEDIA_DIR; /api/health says disk full', async () => {
  const { payload, headers } = multipartBody([
    { name: 'title', value: 'No Room' },
    { name: 'song', filename: 'tone.mp3', type: 'audio/mpeg', data: await readFile(path.join(FIXTURES, 'tone.mp3')) },
  ]);
  fullDisk = true;
  const res = await t.app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...admin.headers } });
  fullDisk = false;
  expect(res.json()).toEqual({ success: false, message: "The server's disk is full" });
  expect(res.statusCode).toBe(507);
  const left = await readdir(t.config.mediaDir, { recursive: true }).catch(() => [] as string[]);
  expect(left.filter((f) => f !== 'tmp')).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ success: true, database: 'ok', disk: 'full' });
  // with room again, the same upload goes in
  const again = await t.app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...admin.headers } });
  expect(again.statusCode).toBe(201);
});
