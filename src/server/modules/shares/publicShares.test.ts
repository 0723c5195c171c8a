import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { songs } from '../../db/schema';
import { createShareOf, makePlaylist, sharesFixture, type SharesFixture, type ShareJson } from './test/sharesApp';

/** docs/product.md §7.10: the public face of a share, and every refusal of each of its parts. */
const SLOW = 60_000;
let fx: SharesFixture;
beforeAll(async () => {
  fx = await sharesFixture();
}, SLOW);
afterAll(async () => fx?.t.close());

const base = (id: string) => `/api/public/shares/${id}`;
const get = (url: string, headers: Record<string, string> = {}) => fx.t.app.inject({ method: 'GET', url, headers });

/** Every part of a share for one song: page info, stream, download, artwork, m3u. */
const parts = (id: string, songId: string, hash: string) => ({
  info: base(id),
  stream: `${base(id)}/tracks/${songId}/stream`,
  download: `${base(id)}/tracks/${songId}/download`,
  artwork: `${base(id)}/artwork/${hash}?size=64`,
  m3u: `${base(id)}/playlist.m3u`,
});

function expectRefused(what: string, res: LightMyRequestResponse) {
  expect({ what, status: res.statusCode, body: res.json(), cookie: res.headers['set-cookie'] }).toEqual({
    what,
    status: 404,
    body: { success: false, message: 'Share not found' },
    cookie: undefined,
  });
}

async function expectEveryPartRefused(label: string, id: string, songId: string, hash: string) {
  for (const [part, url] of Object.entries(parts(id, songId, hash))) expectRefused(`${label}: ${part}`, await get(url));
}

describe('a living share, opened without an account', () => {
  let share: ShareJson;
  beforeAll(async () => {
    share = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId], description: 'For the road', downloadable: true });
  });

  it('has an unguessable id: 22 base64url characters, a fresh one each time', async () => {
    expect(share.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const again = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId] });
    expect(again.id).not.toBe(share.id);
  });

  it('answers the page: description, owner, the track list in album order, artwork; counts the visit; sets no cookie', async () => {
    const res = await get(base(share.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json().share;
    expect(body).toMatchObject({ name: 'Shared Album', description: 'For the road', owner: fx.owner.user.username, downloadable: true, expiresAt: null });
    expect(body.artworkUrl).toBe(`${base(share.id)}/artwork/${fx.albumArt}`);
    expect(body.tracks.map((tr: { title: string }) => tr.title)).toEqual(['Album Track 1', 'Album Track 2', 'Album Track 3']);
    expect(body.tracks[0]).toEqual({
      id: fx.albumSongs[0].id,
      title: 'Album Track 1',
      artist: 'Share Artist',
      album: 'Shared Album',
      duration: 30,
      streamUrl: `${base(share.id)}/tracks/${fx.albumSongs[0].id}/stream`,
      downloadUrl: `${base(share.id)}/tracks/${fx.albumSongs[0].id}/download`,
      artworkUrl: `${base(share.id)}/artwork/${fx.albumArt}`,
    });
    const list = await fx.t.app.inject({ method: 'GET', url: '/api/shares', headers: fx.owner.headers });
    expect(list.json().shares.find((s: ShareJson) => s.id === share.id).visitCount).toBe(1);
  });

  it('streams a track of the share with Range, without counting a visit', async () => {
    const { stream } = parts(share.id, fx.albumSongs[1].id, fx.albumArt);
    const whole = await get(stream);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(fx.bytes)).toBe(true);
    expect(whole.headers['set-cookie']).toBeUndefined();
    const range = await get(stream, { range: 'bytes=100-199' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${fx.bytes.length}`);
    expect(range.rawPayload.equals(fx.bytes.subarray(100, 200))).toBe(true);
    const list = await fx.t.app.inject({ method: 'GET', url: '/api/shares', headers: fx.owner.headers });
    expect(list.json().shares.find((s: ShareJson) => s.id === share.id).visitCount).toBe(1);
  });

  it('downloads a track as an attachment, and serves the m3u with absolute stream URLs', async () => {
    const { download, m3u } = parts(share.id, fx.albumSongs[2].id, fx.albumArt);
    const file = await get(download);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Share Artist - Album Track 3\.wav"/);
    expect(file.rawPayload.equals(fx.bytes)).toBe(true);
    const list = await get(m3u);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('audio/x-mpegurl; charset=utf-8');
    expect(list.body.split('\n')).toEqual([
      '#EXTM3U',
      '#EXTINF:30,Share Artist - Album Track 1',
      `http://localhost:80${base(share.id)}/tracks/${fx.albumSongs[0].id}/stream`,
      '#EXTINF:30,Share Artist - Album Track 2',
      `http://localhost:80${base(share.id)}/tracks/${fx.albumSongs[1].id}/stream`,
      '#EXTINF:30,Share Artist - Album Track 3',
      `http://localhost:80${base(share.id)}/tracks/${fx.albumSongs[2].id}/stream`,
      '',
    ]);
  });

  it("answers the album's artwork, and refuses a hash that is not the share's", async () => {
    const art = await get(`${base(share.id)}/artwork/${fx.albumArt}?size=64`);
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/jpeg');
    expect(art.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    // a real image of the library, reachable through the artwork route, but not part of this share
    expect((await fx.t.app.artwork.thumbnailOrFallback(fx.looseArt, 64))?.jpeg.length).toBeGreaterThan(0);
    expectRefused('artwork of a song not in the share', await get(`${base(share.id)}/artwork/${fx.looseArt}?size=64`));
  });

  it("a bearer or a session gives no more: another user's token does not open a song outside the share", async () => {
    for (const headers of [fx.owner.headers, fx.other.headers]) {
      expectRefused('signed-in, song not in share', await get(`${base(share.id)}/tracks/${fx.loose.id}/stream`, headers));
    }
  });
});

describe('every part refuses (404 Share not found, no cookie)', () => {
  it('an unknown id, and a malformed one', async () => {
    for (const id of [randomBytes(16).toString('base64url'), 'x', '..%2F..%2Fetc', 'y'.repeat(90)]) {
      await expectEveryPartRefused(`unknown ${id}`, id, fx.albumSongs[0].id, fx.albumArt);
    }
  });

  it('an expired share, then the same share extended again', async () => {
    const share = await createShareOf(fx.t, fx.owner, {
      kind: 'album',
      ids: [fx.albumId],
      downloadable: true,
      expiresAt: new Date(fx.t.clock.now + 60_000).toISOString(),
    });
    expect((await get(base(share.id))).statusCode).toBe(200);
    fx.t.clock.now += 61_000;
    await expectEveryPartRefused('expired', share.id, fx.albumSongs[0].id, fx.albumArt);
    const extended = await fx.t.app.inject({
      method: 'PATCH',
      url: `/api/shares/${share.id}`,
      headers: fx.owner.headers,
      payload: { expiresAt: new Date(fx.t.clock.now + 3_600_000).toISOString() },
    });
    expect(extended.statusCode).toBe(200);
    expect((await get(`${base(share.id)}/tracks/${fx.albumSongs[0].id}/stream`)).statusCode).toBe(200);
  });

  it('a share whose owner set its expiry to the past', async () => {
    const share = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId], downloadable: true });
    const ended = await fx.t.app.inject({
      method: 'PATCH',
      url: `/api/shares/${share.id}`,
      headers: fx.owner.headers,
      payload: { expiresAt: new Date(fx.t.clock.now - 1000).toISOString() },
    });
    expect(ended.json().share.expired).toBe(true);
    await expectEveryPartRefused('expired by its owner', share.id, fx.albumSongs[0].id, fx.albumArt);
  });

  it('a revoked share', async () => {
    const share = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId], downloadable: true });
    expect((await get(parts(share.id, fx.albumSongs[0].id, fx.albumArt).stream)).statusCode).toBe(200);
    const revoked = await fx.t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}`, headers: fx.owner.headers });
    expect(revoked.statusCode).toBe(200);
    await expectEveryPartRefused('revoked', share.id, fx.albumSongs[0].id, fx.albumArt);
  });

  it('a track not in the share (Navidrome #5769): a song of the same album shared alone, another album, another playlist', async () => {
    const songShare = await createShareOf(fx.t, fx.owner, { kind: 'song', ids: [fx.albumSongs[0].id], downloadable: true });
    expect((await get(`${base(songShare.id)}/tracks/${fx.albumSongs[0].id}/stream`)).statusCode).toBe(200);
    for (const other of [fx.albumSongs[1], fx.loose]) {
      for (const part of ['stream', 'download'] as const) {
        expectRefused(`song share, ${other.title} ${part}`, await get(parts(songShare.id, other.id, fx.albumArt)[part]));
      }
    }
    const albumShare = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId], downloadable: true });
    for (const part of ['stream', 'download'] as const) {
      expectRefused(`album share, loose song ${part}`, await get(parts(albumShare.id, fx.loose.id, fx.looseArt)[part]));
    }
    const playlistShare = await createShareOf(fx.t, fx.owner, { kind: 'playlist', ids: [fx.playlistId], downloadable: true });
    // albumSongs[2] is on the other user's playlist only
    for (const part of ['stream', 'download'] as const) {
      expectRefused(`playlist share, song of another playlist ${part}`, await get(parts(playlistShare.id, fx.albumSongs[2].id, fx.albumArt)[part]));
    }
    expectRefused('song share, a song id that is not a uuid', await get(`${base(songShare.id)}/tracks/not-a-song/stream`));
  });

  it('a track removed from the shared playlist (Navidrome #5640): gone from the page and refused; one added later is shared', async () => {
    const share = await createShareOf(fx.t, fx.owner, { kind: 'playlist', ids: [fx.playlistId], downloadable: true });
    const titles = async () => (await get(base(share.id))).json().share.tracks.map((tr: { title: string }) => tr.title);
    expect(await titles()).toEqual(['Album Track 1', 'Loose Song']);
    const removed = await fx.t.app.inject({ method: 'DELETE', url: `/api/playlists/${fx.playlistId}/songs/${fx.loose.id}`, headers: fx.owner.headers });
    expect(removed.statusCode).toBe(200);
    expect(await titles()).toEqual(['Album Track 1']);
    for (const part of ['stream', 'download', 'artwork'] as const) {
      expectRefused(`removed from playlist: ${part}`, await get(parts(share.id, fx.loose.id, fx.looseArt)[part]));
    }
    expect((await get(`${base(share.id)}/playlist.m3u`)).body).not.toContain(fx.loose.id);
    await fx.t.app.inject({
      method: 'POST',
      url: `/api/playlists/${fx.playlistId}/songs`,
      headers: fx.owner.headers,
      payload: { songId: fx.albumSongs[1].id },
    });
    expect(await titles()).toEqual(['Album Track 1', 'Album Track 2']);
    expect((await get(`${base(share.id)}/tracks/${fx.albumSongs[1].id}/stream`)).statusCode).toBe(200);
  });

  it('a track whose file a scan found missing', async () => {
    const share = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId], downloadable: true });
    const song = fx.albumSongs[2];
    await fx.t.app.db.update(songs).set({ missingSince: new Date() }).where(eq(songs.id, song.id));
    try {
      expect((await get(base(share.id))).json().share.tracks.map((tr: { id: string }) => tr.id)).not.toContain(song.id);
      for (const part of ['stream', 'download'] as const) expectRefused(`missing song ${part}`, await get(parts(share.id, song.id, fx.albumArt)[part]));
    } finally {
      await fx.t.app.db.update(songs).set({ missingSince: null }).where(eq(songs.id, song.id));
    }
  });

  it('a download when the share is not downloadable: the page offers none and the route refuses', async () => {
    const share = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId] });
    const page = (await get(base(share.id))).json().share;
    expect(page.downloadable).toBe(false);
    expect(page.tracks.every((tr: { downloadUrl: string | null }) => tr.downloadUrl === null)).toBe(true);
    expect((await get(parts(share.id, fx.albumSongs[0].id, fx.albumArt).stream)).statusCode).toBe(200);
    expectRefused('not downloadable', await get(parts(share.id, fx.albumSongs[0].id, fx.albumArt).download));
  });

  it('a playlist its owner deleted', async () => {
    const playlistId = await makePlaylist(fx.t, fx.owner, 'Short-lived', [fx.loose.id]);
    const share = await createShareOf(fx.t, fx.owner, { kind: 'playlist', ids: [playlistId], downloadable: true });
    await fx.t.app.inject({ method: 'DELETE', url: `/api/playlists/${playlistId}`, headers: fx.owner.headers });
    await expectEveryPartRefused('deleted playlist', share.id, fx.loose.id, fx.looseArt);
  });
});
