import * as realFsPromises from 'node:fs/promises';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { jest } from '@jest/globals';
import { fsPromisesOnFullDisk } from '../../test/fullDisk';
import type { TestApp, TestUser } from '../../test/testApp';

/**
 * A playlist made with a cover on a full disk (issue 27, item 10): CoverStore writes the image with
 * node:fs/promises' writeFile; here that write leaves half the file and fails with ENOSPC, as a disk
 * filling up does.
 */
let fullDisk = false;
jest.unstable_mockModule('node:fs/promises', () => fsPromisesOnFullDisk(realFsPromises, () => fullDisk));

const { createTestApp, createUser } = await import('../../test/testApp');
const { playlists } = await import('../../db/schema');

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
}, 60_000);
afterAll(async () => t?.close());

function withCover(name: string) {
  const boundary = '----wavelength-disk-full';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="coverImage"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

it('answers 507 "The server\'s disk is full", creates no playlist and leaves no cover file', async () => {
  fullDisk = true;
  const res = await t.app.inject({ method: 'POST', url: '/api/playlists', ...withCover('No room') });
  fullDisk = false;
  expect(res.json()).toEqual({ success: false, message: "The server's disk is full" });
  expect(res.statusCode).toBe(507);
  expect(await t.app.db.select().from(playlists).where(eq(playlists.userId, owner.user.id))).toEqual([]);
  expect(await readdir(path.join(t.config.mediaDir, 'covers')).catch(() => [])).toEqual([]);
  // with room again, the same playlist is made
  expect((await t.app.inject({ method: 'POST', url: '/api/playlists', ...withCover('No room') })).statusCode).toBe(201);
});
