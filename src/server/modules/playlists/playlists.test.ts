import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import type { SongRow } from '../../db/schema';
import { insertSongs } from '../../library/test/songFixtures';

const SLOW = 60_000;
let t: TestApp;
let songs: SongRow[];
let owner: TestUser;
let other: TestUser;

// The smallest real images: a 1x1 PNG, and the JPEG and WebP signatures.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(18)]);

beforeAll(async () => {
  t = await createTestApp();
  songs = await insertSongs(t.app.db, [185, 240, 3600, 61]);
  owner = await createUser(t);
  other = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----wavelength-test-boundary';
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="coverImage"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function create(u: TestUser, body: Record<string, string> = { name: 'Road trip' }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: u.headers, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().playlist as { id: string; coverImage: string | null };
}

describe('playlists', () => {
  it("creates with a trimmed name and an optional description, and refuses a blank name with 'Playlist name is required'", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: owner.headers, payload: { name: '  Focus  ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Playlist created',
      playlist: { name: 'Focus', description: '', coverImage: null, trackCount: 0, totalDuration: 0, songs: [] },
    });
    for (const payload of [{ name: '   ' }, {}, { description: 'x' }]) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: owner.headers, payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: 'Playlist name is required' });
    }
  });

  it('adds songs in order (idempotently), removes one, and reports the track count and total duration', async () => {
    const p = await create(owner, { name: 'Mix', description: 'for later' });
    for (const s of [songs[2], songs[0], songs[1], songs[0]]) {
      const add = await t.app.inject({ method: 'POST', url: `/api/playlists/${p.id}/songs`, headers: owner.headers, payload: { songId: s.id } });
      expect(add.statusCode).toBe(200);
    }
    const detail = (await t.app.inject({ method: 'GET', url: `/api/playlists/${p.id}`, headers: owner.headers })).json().playlist;
    expect(detail.songs.map((e: { songId: string }) => e.songId)).toEqual([songs[2].id, songs[0].id, songs[1].id]);
    expect(detail.songs[0].song.publicUrl).toBe(`/api/songs/stream/${songs[2].id}`);
    expect(detail.trackCount).toBe(3);
    expect(detail.totalDuration).toBe(3600 + 185 + 240);

    const list = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: owner.headers })).json();
    const card = list.playlists.find((x: { id: string }) => x.id === p.id);
    expect(card).toMatchObject({ name: 'Mix', description: 'for later', trackCount: 3, totalDuration: 4025 });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/playlists/${p.id}/songs/${songs[0].id}`, headers: owner.headers });
    expect(removed.json()).toEqual({ success: true, changed: true });
    const after = (await t.app.inject({ method: 'GET', url: `/api/playlists/${p.id}`, headers: owner.headers })).json().playlist;
    expect(after.songs.map((e: { songId: string }) => e.songId)).toEqual([songs[2].id, songs[1].id]);
    expect(after.totalDuration).toBe(3840);

    const missingSong = await t.app.inject({
      method: 'POST',
      url: `/api/playlists/${p.id}/songs`,
      headers: owner.headers,
      payload: { songId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
    });
    expect(missingSong.statusCode).toBe(404);
  });

  it("a listener cannot read, change or delete another's playlist: each answers 404", async () => {
    const p = await create(owner, { name: 'Private' });
    const attempts = [
      { method: 'GET' as const, url: `/api/playlists/${p.id}` },
      { method: 'PUT' as const, url: `/api/playlists/${p.id}`, payload: { name: 'Mine now' } },
      { method: 'POST' as const, url: `/api/playlists/${p.id}/songs`, payload: { songId: songs[0].id } },
      { method: 'DELETE' as const, url: `/api/playlists/${p.id}/songs/${songs[0].id}` },
      { method: 'DELETE' as const, url: `/api/playlists/${p.id}` },
      { method: 'GET' as const, url: `/api/playlists/${p.id}/cover` },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({ ...a, headers: other.headers });
      expect([a.method, a.url, res.statusCode]).toEqual([a.method, a.url, 404]);
      expect(res.json()).toEqual({ success: false, message: 'Playlist not found' });
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: other.headers })).json();
    expect(list.playlists.map((x: { id: string }) => x.id)).not.toContain(p.id);
    const still = (await t.app.inject({ method: 'GET', url: `/api/playlists/${p.id}`, headers: owner.headers })).json().playlist;
    expect(still).toMatchObject({ name: 'Private', trackCount: 0 });
  });

  it('updates name and description, and deletes', async () => {
    const p = await create(owner, { name: 'Old' });
    const put = await t.app.inject({ method: 'PUT', url: `/api/playlists/${p.id}`, headers: owner.headers, payload: { name: ' New ', description: 'd' } });
    expect(put.json().playlist).toMatchObject({ name: 'New', description: 'd' });
    const blank = await t.app.inject({ method: 'PUT', url: `/api/playlists/${p.id}`, headers: owner.headers, payload: { name: ' ' } });
    expect(blank.json()).toEqual({ success: false, message: 'Playlist name is required' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/playlists/${p.id}`, headers: owner.headers });
    expect(del.json()).toEqual({ success: true, message: 'Playlist deleted' });
    expect((await t.app.inject({ method: 'GET', url: `/api/playlists/${p.id}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('takes a cover by multipart, serves it with caching headers, replaces and removes it', async () => {
    const form = multipart({ name: 'With cover', description: 'pic' }, { name: 'c.png', type: 'image/png', bytes: PNG });
    const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { ...owner.headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(201);
    const p = res.json().playlist;
    expect(p.name).toBe('With cover');
    expect(p.coverImage).toMatch(new RegExp(`^/api/playlists/${p.id}/cover\\?k=[0-9a-f-]{36}$`));

    // an <img> sends no token: the keyed URL is enough, and it is cacheable
    const img = await t.app.inject({ method: 'GET', url: p.coverImage });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const etag = img.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: p.coverImage, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // without the key (or with a wrong one) only the owner gets it
    expect((await t.app.inject({ method: 'GET', url: `/api/playlists/${p.id}/cover` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/playlists/${p.id}/cover?k=7c9e6679-7425-40de-944b-e07fc1f90ae7` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/playlists/${p.id}/cover`, headers: owner.headers })).statusCode).toBe(200);

    const swap = multipart({}, { name: 'c.webp', type: 'image/webp', bytes: WEBP });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${p.id}/cover`,
      headers: { ...owner.headers, ...swap.headers },
      payload: swap.payload,
    });
    expect(put.statusCode).toBe(200);
    const next = put.json().playlist.coverImage;
    expect(next).not.toBe(p.coverImage);
    expect((await t.app.inject({ method: 'GET', url: next })).headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: p.coverImage })).statusCode).toBe(404);

    const cleared = await t.app.inject({ method: 'DELETE', url: `/api/playlists/${p.id}/cover`, headers: owner.headers });
    expect(cleared.json().playlist.coverImage).toBeNull();
  });

  it('refuses a cover that is not an image by its bytes, whatever it claims, and one over 2 MB', async () => {
    const fake = multipart({ name: 'Sneaky' }, { name: 'cover.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"></svg>') });
    const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { ...owner.headers, ...fake.headers }, payload: fake.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Cover image must be a JPEG, PNG or WebP image' });

    const big = multipart({ name: 'Huge' }, { name: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
    const tooBig = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { ...owner.headers, ...big.headers }, payload: big.payload });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ success: false, message: 'Cover image is too large. Maximum size is 2MB.' });

    const names = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: owner.headers })).json().playlists.map((p: { name: string }) => p.name);
    expect(names).not.toContain('Sneaky');
    expect(names).not.toContain('Huge');
  });

  it('lists with a constant number of queries, whether a user has 1 playlist or 20', async () => {
    const one = await createUser(t);
    const many = await createUser(t);
    await create(one, { name: 'Only' });
    for (let i = 0; i < 20; i += 1) {
      const p = await create(many, { name: `P${i}` });
      await t.app.inject({ method: 'POST', url: `/api/playlists/${p.id}/songs`, headers: many.headers, payload: { songId: songs[i % songs.length].id } });
    }
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    let queries = 0;
    client.query = function counted(this: unknown, ...args: unknown[]) {
      queries += 1;
      return original.apply(this, args);
    };
    try {
      const count = async (u: TestUser) => {
        queries = 0;
        const res = await t.app.inject({ method: 'GET', url: '/api/playlists', headers: u.headers });
        expect(res.statusCode).toBe(200);
        return { queries, playlists: res.json().playlists.length };
      };
      const small = await count(one);
      const large = await count(many);
      expect(small.playlists).toBe(1);
      expect(large.playlists).toBe(20);
      expect(large.queries).toBe(small.queries);
      expect(large.queries).toBeLessThanOrEqual(3);
    } finally {
      client.query = original;
    }
  });
});
