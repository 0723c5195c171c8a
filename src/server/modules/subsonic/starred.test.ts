import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { libraryIds } from './test/browseHelpers';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';

let fx: SubsonicFixture;
let ids: ReturnType<typeof libraryIds>;
beforeAll(async () => {
  fx = await subsonicFixture();
  ids = libraryIds(fx);
}, 120_000);
afterAll(async () => fx?.close());

/** Toggles the listener's like through the web API, a second later than the last one (the test clock stands still). */
const like = async (title: string) => {
  fx.t.clock.now += 1000;
  const res = await fx.t.app.inject({ method: 'POST', url: `/api/liked-songs/${await fx.songId(title)}/toggle`, headers: fx.listener.headers });
  expect(res.json()).toMatchObject({ liked: expect.any(Boolean) });
  return res.json().liked as boolean;
};

describeWithFfmpeg('Subsonic starred calls', () => {
  it('answers empty lists before anything is starred', async () => {
    const res = await fx.as.listener.key.getStarred2();
    expect(res.status).toBe('ok');
    expect([res.starred2.artist ?? [], res.starred2.album ?? [], res.starred2.song ?? []]).toEqual([[], [], []]);
  });

  it('getStarred2 lists the songs liked in the web app (newest like first), and starred albums and artists', async () => {
    expect(await like('Q One')).toBe(true);
    expect(await like('D2T1')).toBe(true);
    const double = await ids.album('Double', 'Band');
    const abba = await ids.artist('ABBA');
    const user = fx.as.listener.user.user.id;
    await ids.star(user, 'album', double, new Date('2026-02-01T00:00:00Z'));
    await ids.star(user, 'artist', abba, new Date('2026-02-02T00:00:00Z'));

    for (const client of [fx.as.listener.token, fx.as.listener.key]) {
      const res = await client.getStarred2();
      expect(res.status).toBe('ok');
      const songs = res.starred2.song!;
      expect(songs.map((s) => s.title)).toEqual(['D2T1', 'Q One']);
      expect(songs.every((s) => s.starred !== undefined)).toBe(true);
      expect(res.starred2.album).toEqual([expect.objectContaining({ id: double, name: 'Double', songCount: 3 })]);
      expect(new Date(res.starred2.album![0].starred!).toISOString()).toBe('2026-02-01T00:00:00.000Z');
      expect(res.starred2.artist).toEqual([expect.objectContaining({ id: abba, name: 'ABBA', albumCount: 1 })]);
    }
    // the song is starred wherever it appears
    expect((await fx.as.listener.key.getSong({ id: await fx.songId('Q One') })).song.starred).toBeDefined();
    // stars are the user's own
    const admin = await fx.as.admin.key.getStarred2();
    expect([admin.starred2.artist ?? [], admin.starred2.album ?? [], admin.starred2.song ?? []]).toEqual([[], [], []]);
  });

  it('unliking in the web app removes the star', async () => {
    expect(await like('Q One')).toBe(false);
    const res = await fx.as.listener.key.getStarred2();
    expect(res.starred2.song!.map((s) => s.title)).toEqual(['D2T1']);
    expect(await like('Q One')).toBe(true);
  });

  it('getStarred answers the folder view: Artist, albums as directories, songs', async () => {
    const res = await fx.as.listener.token.getStarred();
    expect(res.status).toBe('ok');
    expect(res.starred.artist).toEqual([expect.objectContaining({ id: await ids.artist('ABBA'), name: 'ABBA', starred: expect.anything() })]);
    expect(res.starred.album).toEqual([expect.objectContaining({ id: await ids.album('Double', 'Band'), isDir: true, title: 'Double' })]);
    expect(res.starred.song!.map((s) => s.title)).toEqual(['Q One', 'D2T1']);
  });

  it('answers XML with starred2 > artist, album and song elements', async () => {
    const xml = await (await fx.raw('getStarred2', fx.tokenParams('listener'))).text();
    expect(xml).toMatch(/<starred2><artist [^>]*name="ABBA"[^>]*\/><album [^>]*name="Double".*<\/album><song [^>]*title="Q One"/);
    const xml1 = await (await fx.raw('getStarred', fx.tokenParams('listener'))).text();
    expect(xml1).toMatch(/<starred><artist [^>]*\/><album [^>]*isDir="true"[^>]*\/><song /);
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
