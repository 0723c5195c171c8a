import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { songs } from '../db/schema';
import { createTestApp, createUser, type TestApp, type TestUser } from '../test/testApp';

const SLOW = 60_000;
const FIXTURES = path.join(import.meta.dirname, '../modules/songs/fixtures');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const B = '----broken-boundary';
let t: TestApp;
let admin: TestUser;
let playlistId: string;
let mp3: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: admin.headers, payload: { name: 'Target' } });
  playlistId = res.json().playlist.id;
  mp3 = await readFile(path.join(FIXTURES, 'tone.mp3'));
}, SLOW);
afterAll(async () => t?.close());

const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename: string, type: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
const withBoundary = { 'content-type': `multipart/form-data; boundary=${B}` };

const ROUTES = [
  { label: 'playlist create', method: 'POST', url: () => '/api/playlists', file: 'coverImage', bytes: () => PNG },
  { label: 'playlist update', method: 'PUT', url: () => `/api/playlists/${playlistId}`, file: 'coverImage', bytes: () => PNG },
  { label: 'playlist cover', method: 'PUT', url: () => `/api/playlists/${playlistId}/cover`, file: 'coverImage', bytes: () => PNG },
  { label: 'song upload', method: 'POST', url: () => '/api/songs/upload', file: 'song', bytes: () => mp3 },
] as const;

/** the broken bodies, each with the content type it is sent with */
function brokenBodies(route: (typeof ROUTES)[number]) {
  const fields = field('name', 'Broken') + field('title', 'Broken') + field('artist', 'Band');
  const filePart = fileHead(route.file, 'f.bin', 'application/octet-stream');
  return [
    ['no boundary', { 'content-type': 'multipart/form-data' }, () => Buffer.from(fields + `--${B}--\r\n`)],
    ['an unclosed body', withBoundary, () => Buffer.concat([Buffer.from(fields + filePart), route.bytes()])],
    ['a truncated part header', withBoundary, () => Buffer.from(fields + `--${B}\r\nContent-Disposition: form-da`)],
    ['a boundary over 256 characters', { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` }, () => Buffer.from(fields)],
    ['a truncated file part', withBoundary, () => Buffer.concat([Buffer.from(fields + filePart), route.bytes().subarray(0, 40), Buffer.from(`\r\n--${B}`)])],
  ] as const;
}

async function state() {
  const files = await readdir(t.config.mediaDir, { recursive: true }).catch(() => [] as string[]);
  const rows = await t.app.db.select({ id: songs.id }).from(songs);
  const lists = await t.app.db.query.playlists.findMany({ where: (p, { eq }) => eq(p.userId, admin.user.id) });
  return { files: files.filter((f) => f !== 'tmp').sort(), songs: rows.length, playlists: lists.map((p) => `${p.name}|${p.coverPath}`).sort() };
}

describe.each(ROUTES)('broken multipart on $label', (route) => {
  it.each(brokenBodies(route))('answers 400 to %s and leaves no file and no row', async (_what, headers, body) => {
    const payload = body();
    const before = await state();
    const res = await t.app.inject({ method: route.method, url: route.url(), headers: { ...admin.headers, ...headers }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.any(String) });
    expect(res.json().message).not.toMatch(/too large/i);
    expect(await state()).toEqual(before);
  });

  it('answers more than 10 fields with "The form has too many fields", not a size message', async () => {
    const before = await state();
    const many = Array.from({ length: 11 }, (_, i) => field(`extra${i}`, 'x')).join('');
    const payload = Buffer.from(field('name', 'Many') + field('title', 'Many') + field('artist', 'Band') + many + `--${B}--\r\n`);
    const res = await t.app.inject({ method: route.method, url: route.url(), headers: { ...admin.headers, ...withBoundary }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The form has too many fields' });
    expect(await state()).toEqual(before);
  });

  it('answers two files in one upload with "Send one file per upload"', async () => {
    const before = await state();
    const payload = Buffer.concat([
      Buffer.from(
        field('name', 'Two files') + field('title', 'Two files') + field('artist', 'Band') + fileHead(route.file, 'a.bin', 'application/octet-stream'),
      ),
      route.bytes(),
      Buffer.from(`\r\n${fileHead(route.file, 'b.bin', 'application/octet-stream')}`),
      route.bytes(),
      Buffer.from(`\r\n--${B}--\r\n`),
    ]);
    const res = await t.app.inject({ method: route.method, url: route.url(), headers: { ...admin.headers, ...withBoundary }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Send one file per upload' });
    expect(await state()).toEqual(before);
  });
});
