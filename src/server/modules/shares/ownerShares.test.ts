import { eq } from 'drizzle-orm';
import { shares, users } from '../../db/schema';
import { createUser } from '../../test/testApp';
import { createShareOf, sharesFixture, type SharesFixture, type ShareJson } from './test/sharesApp';

/** docs/product.md §7.10: the owner's shares, and nobody else's. */
const SLOW = 60_000;
let fx: SharesFixture;
beforeAll(async () => {
  fx = await sharesFixture();
}, SLOW);
afterAll(async () => fx?.t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: object) =>
  fx.t.app.inject({ method, url, headers, payload });

describe('/api/shares', () => {
  it('creates a share of songs, an album and a playlist; lists the owner’s own, newest first, with the page URL', async () => {
    const inAWeek = new Date(fx.t.clock.now + 7 * 86_400_000).toISOString();
    const songShare = await createShareOf(fx.t, fx.owner, { kind: 'song', ids: [fx.loose.id, fx.albumSongs[0].id], description: 'two songs' });
    fx.t.clock.now += 1000;
    const albumShare = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId], expiresAt: inAWeek, downloadable: true });
    fx.t.clock.now += 1000;
    const playlistShare = await createShareOf(fx.t, fx.owner, { kind: 'playlist', ids: [fx.playlistId] });
    expect(songShare).toMatchObject({
      kind: 'song',
      name: 'Loose Song + 1 more',
      description: 'two songs',
      expiresAt: null,
      downloadable: false,
      visitCount: 0,
    });
    expect(albumShare).toMatchObject({ kind: 'album', name: 'Shared Album', expiresAt: inAWeek, expired: false, downloadable: true });
    expect(playlistShare).toMatchObject({ kind: 'playlist', name: 'Road Trip' });
    expect(albumShare.url).toBe(`http://localhost:80/s/${albumShare.id}`);

    const list = await call('GET', '/api/shares', fx.owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().shares.map((s: ShareJson) => s.id)).toEqual([playlistShare.id, albumShare.id, songShare.id]);
    expect((await call('GET', '/api/shares', fx.other.headers)).json().shares).toEqual([]);
  });

  it('edits the description, expiry and downloadable switch; null expiry means never', async () => {
    const share = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId] });
    const when = new Date(fx.t.clock.now + 86_400_000).toISOString();
    const res = await call('PATCH', `/api/shares/${share.id}`, fx.owner.headers, { description: ' new words ', expiresAt: when, downloadable: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().share).toMatchObject({ description: 'new words', expiresAt: when, downloadable: true });
    const never = await call('PATCH', `/api/shares/${share.id}`, fx.owner.headers, { expiresAt: null });
    expect(never.json().share).toMatchObject({ description: 'new words', expiresAt: null, downloadable: true });
  });

  it('revokes: the share is gone from the list and a second revoke is not found', async () => {
    const share = await createShareOf(fx.t, fx.owner, { kind: 'song', ids: [fx.loose.id] });
    expect((await call('DELETE', `/api/shares/${share.id}`, fx.owner.headers)).json()).toEqual({ success: true });
    expect((await call('GET', '/api/shares', fx.owner.headers)).json().shares.map((s: ShareJson) => s.id)).not.toContain(share.id);
    expect((await call('DELETE', `/api/shares/${share.id}`, fx.owner.headers)).statusCode).toBe(404);
  });

  it('another user can neither read, edit nor revoke the share (404 Share not found), and it stays as it was', async () => {
    const share = await createShareOf(fx.t, fx.owner, { kind: 'album', ids: [fx.albumId], description: 'mine' });
    const admin = await createUser(fx.t, { role: 'admin' });
    for (const intruder of [fx.other, admin]) {
      for (const res of [
        await call('GET', `/api/shares/${share.id}`, intruder.headers),
        await call('PATCH', `/api/shares/${share.id}`, intruder.headers, { description: 'theirs', expiresAt: null }),
        await call('DELETE', `/api/shares/${share.id}`, intruder.headers),
      ]) {
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { success: false, message: 'Share not found' } });
      }
    }
    const [row] = await fx.t.app.db.select().from(shares).where(eq(shares.id, share.id));
    expect(row.description).toBe('mine');
    const long = await call('GET', `/api/shares/${'z'.repeat(100)}`, fx.owner.headers);
    expect({ status: long.statusCode, body: long.json() }).toEqual({ status: 404, body: { success: false, message: 'Share not found' } });
  });

  it('needs a signed-in user for every owner call', async () => {
    for (const [method, url] of [
      ['GET', '/api/shares'],
      ['POST', '/api/shares'],
      ['GET', '/api/shares/abc'],
      ['PATCH', '/api/shares/abc'],
      ['DELETE', '/api/shares/abc'],
    ] as const) {
      const res = await call(method, url, {}, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 401 });
    }
  });

  it('refuses a past expiry, a long description, unknown things and another user’s playlist', async () => {
    const cases: [object, number, string][] = [
      [{ kind: 'album', ids: [fx.albumId], expiresAt: new Date(fx.t.clock.now - 1).toISOString() }, 400, 'The expiry must be in the future'],
      [{ kind: 'album', ids: [fx.albumId], description: 'x'.repeat(501) }, 400, 'The description must be at most 500 characters'],
      [{ kind: 'album', ids: [fx.loose.id] }, 404, 'The song, album or playlist to share was not found'],
      [{ kind: 'song', ids: [fx.albumId] }, 404, 'The song, album or playlist to share was not found'],
      [{ kind: 'song', ids: [] }, 400, 'The song, album or playlist to share was not found'],
      [{ kind: 'playlist', ids: [fx.othersPlaylistId] }, 404, 'The song, album or playlist to share was not found'],
      [{ kind: 'album', ids: [fx.albumId, fx.albumId.replace(/^./, '0')] }, 400, 'A share holds songs, or one album, or one playlist'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', '/api/shares', fx.owner.headers, payload);
      expect({ payload, status: res.statusCode, message: res.json().message }).toEqual({ payload, status, message });
    }
    expect(
      await fx.t.app.db
        .select()
        .from(shares)
        .where(eq(shares.itemIds, [fx.othersPlaylistId])),
    ).toEqual([]);
  });

  it('goes with its owner when the account is deleted', async () => {
    const leaving = await createUser(fx.t);
    const share = await createShareOf(fx.t, leaving, { kind: 'album', ids: [fx.albumId] });
    await fx.t.app.db.delete(users).where(eq(users.id, leaving.user.id));
    expect(await fx.t.app.db.select().from(shares).where(eq(shares.id, share.id))).toEqual([]);
    expect((await call('GET', `/api/public/shares/${share.id}`)).statusCode).toBe(404);
  });
});
