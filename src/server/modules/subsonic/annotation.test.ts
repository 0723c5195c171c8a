import { eq } from 'drizzle-orm';
import { albums, artists, itemStars } from '../../db/schema';
import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { expectValidXml } from './test/xsd';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';

let fx: SubsonicFixture;
beforeAll(async () => {
  fx = await subsonicFixture();
}, 120_000);
afterAll(async () => fx?.close());

const MISSING = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const web = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: 'listener' | 'admin' = 'listener') => {
  const res = await fx.t.app.inject({ method, url, headers: fx.as[who].user.headers, payload });
  return res.json();
};
const likedIds = async (who: 'listener' | 'admin' = 'listener'): Promise<string[]> => (await web('GET', '/api/liked-songs/ids', undefined, who)).songIds;
const albumId = async (name: string) => (await fx.t.app.db.select({ id: albums.id }).from(albums).where(eq(albums.name, name)))[0].id;
const artistId = async (name: string) => (await fx.t.app.db.select({ id: artists.id }).from(artists).where(eq(artists.name, name)))[0].id;

/** The songs' Children as the listener's Subsonic apps see them, through a playlist of them. */
async function childrenOf(ids: string[]) {
  const made = await fx.as.listener.key.createPlaylist({ name: 'probe', songId: ids });
  expect((made as { error?: unknown }).error).toBeUndefined();
  await fx.as.listener.key.deletePlaylist({ id: made.playlist.id });
  return made.playlist.entry ?? [];
}

describeWithFfmpeg('Subsonic stars, ratings and scrobbles', () => {
  it('a star is a like: starred in Subsonic it is liked in the web app, and unstarred it is not', async () => {
    const [one, two] = [await fx.songId('Q One'), await fx.songId('Q Two')];
    expect((await fx.as.listener.token.star({ id: [one, two] })).status).toBe('ok');
    expect(await likedIds()).toEqual(expect.arrayContaining([one, two]));
    // idempotent both ways
    expect((await fx.as.listener.key.star({ id: one })).status).toBe('ok');
    expect((await likedIds()).filter((id) => id === one)).toHaveLength(1);
    expect((await fx.as.listener.key.unstar({ id: [one, two] })).status).toBe('ok');
    expect((await fx.as.listener.key.unstar({ id: one })).status).toBe('ok');
    expect(await likedIds()).not.toContain(one);
    expect(await likedIds()).not.toContain(two);
    // another user's likes are untouched
    expect(await likedIds('admin')).toEqual([]);
  });

  it('a like in the web app shows as starred on the Child', async () => {
    const id = await fx.songId('A One');
    const toggled = await web('POST', `/api/liked-songs/${id}/toggle`);
    expect(toggled).toEqual({ success: true, liked: true });
    const [child] = await childrenOf([id]);
    expect(child.starred).toBeInstanceOf(Date);
    await web('POST', `/api/liked-songs/${id}/toggle`);
    const [after] = await childrenOf([id]);
    expect(after.starred).toBeUndefined();
  });

  it('albums and artists are starred in item_stars; an unknown id writes nothing and answers 70', async () => {
    const [album, artist, song] = [await albumId('Double'), await artistId('Band'), await fx.songId('D1T1')];
    const bad = await fx.as.listener.key.star({ id: song, albumId: [album, MISSING], artistId: artist });
    expect(bad.status).toBe('failed');
    expect((bad as { error?: { code: number } }).error?.code).toBe(70);
    expect(await likedIds()).not.toContain(song);
    expect(await fx.t.app.db.select().from(itemStars).where(eq(itemStars.userId, fx.listener.user.id))).toEqual([]);

    expect((await fx.as.listener.key.star({ albumId: album, artistId: artist })).status).toBe('ok');
    const stars = await fx.t.app.db.select().from(itemStars).where(eq(itemStars.userId, fx.listener.user.id));
    expect(stars.map((s) => `${s.itemKind}:${s.itemId}`).sort()).toEqual([`album:${album}`, `artist:${artist}`].sort());
    expect((await fx.as.listener.key.unstar({ albumId: album, artistId: artist })).status).toBe('ok');
    expect(await fx.t.app.db.select().from(itemStars).where(eq(itemStars.userId, fx.listener.user.id))).toEqual([]);

    const none = await fx.raw('star', { ...fx.tokenParams('listener'), f: 'json' });
    expect((await none.json())['subsonic-response'].error.code).toBe(10);
    const malformed = await fx.as.listener.key.unstar({ id: 'not-a-uuid' });
    expect((malformed as { error?: { code: number } }).error?.code).toBe(70);
  });

  it('setRating shows as userRating on the Child; 0 removes it; out of range and unknown ids fail', async () => {
    const id = await fx.songId('Hit 1');
    expect((await fx.as.listener.token.setRating({ id, rating: 4 })).status).toBe('ok');
    expect((await childrenOf([id]))[0].userRating).toBe(4);
    expect((await fx.as.listener.token.setRating({ id, rating: 2 })).status).toBe('ok');
    expect((await childrenOf([id]))[0].userRating).toBe(2);
    expect((await fx.as.listener.key.setRating({ id, rating: 0 })).status).toBe('ok');
    expect((await childrenOf([id]))[0].userRating).toBeUndefined();

    const tooHigh = await fx.raw('setRating', { ...fx.tokenParams('listener'), f: 'json', id, rating: '6' });
    const body = (await tooHigh.json())['subsonic-response'];
    expect(body.status).toBe('failed');
    expect(body.error).toEqual({ code: 0, message: "Parameter 'rating' must be from 0 (no rating) to 5." });
    expect((await childrenOf([id]))[0].userRating).toBeUndefined();
    const unknown = await fx.as.listener.key.setRating({ id: MISSING, rating: 3 });
    expect((unknown as { error?: { code: number } }).error?.code).toBe(70);
    // albums and artists take ratings too
    expect((await fx.as.listener.key.setRating({ id: await albumId('Summer Hits'), rating: 5 })).status).toBe('ok');
    expect((await fx.as.listener.key.setRating({ id: await artistId('Ana'), rating: 1 })).status).toBe('ok');
  });

  it('a scrobble is a play of the web app: in recently played, source subsonic, once within 30 s', async () => {
    const id = await fx.songId('D2T1');
    expect((await fx.as.listener.token.scrobble({ id })).status).toBe('ok');
    const recent = await web('GET', '/api/stats/recently-played?limit=5');
    expect(recent.songs[0].song.id).toBe(id);
    const history = async () => (await web('GET', '/api/stats/user-history?limit=50')).history.filter((h: { song: { id: string } }) => h.song.id === id);
    expect(await history()).toEqual([expect.objectContaining({ source: 'subsonic' })]);

    fx.t.clock.now += 10_000;
    expect((await fx.as.listener.key.scrobble({ id, submission: true })).status).toBe('ok');
    expect(await history()).toHaveLength(1);
    fx.t.clock.now += 31_000;
    expect((await fx.as.listener.key.scrobble({ id })).status).toBe('ok');
    expect(await history()).toHaveLength(2);
    // a play the app reports late, at its own time, an hour ago
    expect((await fx.as.listener.key.scrobble({ id, time: fx.t.clock.now - 3_600_000 })).status).toBe('ok');
    const plays = await history();
    expect(plays).toHaveLength(3);
    expect(plays[2].playedAt).toBe(new Date(fx.t.clock.now - 3_600_000).toISOString());
    expect((await childrenOf([id]))[0].playCount).toBe(3);
  });

  it('respects "Record my listening history" off, and an unknown id records nothing', async () => {
    const id = await fx.songId('D1T2');
    const unknown = await fx.as.listener.key.scrobble({ id: [id, MISSING] });
    expect((unknown as { error?: { code: number } }).error?.code).toBe(70);
    expect((await childrenOf([id]))[0].playCount).toBe(0);

    expect((await web('PUT', '/api/profile/settings', { recordListeningHistory: false })).success).toBe(true);
    try {
      expect((await fx.as.listener.key.scrobble({ id })).status).toBe('ok');
      expect((await childrenOf([id]))[0].playCount).toBe(0);
    } finally {
      await web('PUT', '/api/profile/settings', { recordListeningHistory: true });
    }
  });

  it('submission=false is now playing, not a play; getNowPlaying lists everyone who is playing, per app', async () => {
    const id = await fx.songId('Hit 2');
    const other = await fx.songId('Q Two');
    expect((await fx.as.listener.key.scrobble({ id, submission: false })).status).toBe('ok');
    expect((await childrenOf([id]))[0].playCount).toBe(0);
    const nowPlaying = (params: Record<string, string>) => fx.raw('scrobble', fx.tokenParams('admin', { f: 'json', submission: 'false', ...params }));
    expect((await (await nowPlaying({ id: other, c: 'Car' })).json())['subsonic-response'].status).toBe('ok');

    const listener = fx.listener.user.username;
    const admin = fx.as.admin.user.user.username;
    for (const client of [fx.as.listener.token, fx.as.admin.key]) {
      const entries = (await client.getNowPlaying()).nowPlaying.entry ?? [];
      expect(entries.map((e) => [e.username, e.id]).sort()).toEqual(
        [
          [listener, id],
          [admin, other],
        ].sort(),
      );
      expect(entries.find((e) => e.username === admin)!.playerName).toBe('Car');
      expect(entries.every((e) => e.minutesAgo === 0 && e.playerId > 0)).toBe(true);
      expect(new Set(entries.map((e) => e.playerId)).size).toBe(2);
    }
    const xml = await (await fx.raw('getNowPlaying', fx.tokenParams('admin'))).text();
    expect(xml.match(/<entry /g)?.length).toBe(2);
    expectValidXml(xml);

    // someone who keeps no listening history is seen only by themselves
    expect((await web('PUT', '/api/profile/settings', { recordListeningHistory: false }, 'admin')).success).toBe(true);
    try {
      expect(((await fx.as.listener.key.getNowPlaying()).nowPlaying.entry ?? []).map((e) => e.username)).toEqual([listener]);
      expect(((await fx.as.admin.key.getNowPlaying()).nowPlaying.entry ?? []).map((e) => e.username).sort()).toEqual([admin, listener].sort());
    } finally {
      await web('PUT', '/api/profile/settings', { recordListeningHistory: true }, 'admin');
    }
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
