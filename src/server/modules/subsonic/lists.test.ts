import { playEvents } from '../../db/schema';
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

type ListType = Parameters<SubsonicFixture['as']['listener']['key']['getAlbumList2']>[0]['type'];

async function list2(type: ListType, extra: Record<string, string | number> = {}, who: 'listener' | 'admin' = 'listener') {
  const res = await fx.as[who].key.getAlbumList2({ type, ...extra });
  expect(res.status).toBe('ok');
  return res.albumList2.album ?? [];
}

const labels = (albums: { name: string; artist?: string }[]) => albums.map((a) => `${a.artist} - ${a.name}`);

describeWithFfmpeg('Subsonic list calls', () => {
  it('getAlbumList2 sorts by name, by artist, by year (reversed when fromYear > toYear) and filters by genre', async () => {
    expect(labels(await list2('alphabeticalByArtist'))).toEqual([
      'ABBA - Greatest Hits',
      'Band - Double',
      'Queen - Greatest Hits',
      'Various Artists - Summer Hits',
    ]);
    const byName = labels(await list2('alphabeticalByName'));
    expect(byName[0]).toBe('Band - Double');
    expect(byName.slice(1, 3).sort()).toEqual(['ABBA - Greatest Hits', 'Queen - Greatest Hits']);
    expect(byName[3]).toBe('Various Artists - Summer Hits');
    expect(labels(await list2('byYear', { fromYear: 1980, toYear: 2010 }))).toEqual(['Queen - Greatest Hits', 'Band - Double']);
    expect(labels(await list2('byYear', { fromYear: 2030, toYear: 1900 }))).toEqual([
      'Various Artists - Summer Hits',
      'Band - Double',
      'Queen - Greatest Hits',
      'ABBA - Greatest Hits',
    ]);
    expect(labels(await list2('byGenre', { genre: 'pop' }))).toEqual(['ABBA - Greatest Hits', 'Various Artists - Summer Hits']);
  });

  it('newest and random list every album once; size and offset page through them', async () => {
    const all = await list2('newest', { size: 500 });
    expect(all).toHaveLength(4);
    const paged = [...(await list2('newest', { size: 3 })), ...(await list2('newest', { size: 3, offset: 3 }))];
    expect(paged.map((a) => a.id)).toEqual(all.map((a) => a.id));
    expect(await list2('newest', { size: 2, offset: 4 })).toEqual([]);
    const random = await list2('random');
    expect(random.map((a) => a.id).sort()).toEqual(all.map((a) => a.id).sort());
    expect(await list2('random', { size: 1 })).toHaveLength(1);
    expect(all.map((a) => a.songCount).sort()).toEqual([1, 2, 3, 3]);
  });

  it("frequent and recent follow the asking user's plays; starred and highest the user's stars and ratings", async () => {
    const user = fx.as.listener.user.user.id;
    const now = Date.now();
    const play = async (title: string, minutesAgo: number) =>
      fx.t.app.db.insert(playEvents).values({ userId: user, songId: await fx.songId(title), playedAt: new Date(now - minutesAgo * 60_000) });
    await play('Q One', 1);
    for (const minutesAgo of [60, 61, 62]) await play('D1T1', minutesAgo);
    expect(labels(await list2('frequent'))).toEqual(['Band - Double', 'Queen - Greatest Hits']);
    expect(labels(await list2('recent'))).toEqual(['Queen - Greatest Hits', 'Band - Double']);
    const [double] = await list2('frequent', { size: 1 });
    expect(double).toMatchObject({ name: 'Double', playCount: 3 });
    expect(await list2('frequent', {}, 'admin')).toEqual([]);

    const summer = await ids.album('Summer Hits', 'Various Artists');
    await ids.star(user, 'album', summer);
    expect(await list2('starred')).toEqual([expect.objectContaining({ id: summer, starred: expect.anything() })]);
    await ids.rate(user, 'album', await ids.album('Greatest Hits', 'ABBA'), 5);
    await ids.rate(user, 'album', await ids.album('Double', 'Band'), 3);
    expect(labels(await list2('highest'))).toEqual(['ABBA - Greatest Hits', 'Band - Double']);
    expect((await list2('highest'))[0].userRating).toBe(5);
  });

  it('answers 10 without type (or without the year range or genre its type needs) and 0 for an unknown type', async () => {
    const key = fx.as.listener.key;
    expect(await key.customJSON('getAlbumList2', {})).toMatchObject({ status: 'failed', error: { code: 10 } });
    expect(await key.customJSON('getAlbumList', { type: 'byYear', fromYear: 1 })).toMatchObject({ error: { code: 10 } });
    expect(await key.customJSON('getAlbumList2', { type: 'byGenre' })).toMatchObject({ error: { code: 10 } });
    const unknown = await key.customJSON<{ status: string; error: { code: number; message: string } }>('getAlbumList2', { type: 'loudest' });
    expect(unknown).toMatchObject({ status: 'failed', error: { code: 0 } });
    expect(unknown.error.message).toMatch(/type.*alphabeticalByName/);
  });

  it('getAlbumList answers albums as directory entries', async () => {
    const res = await fx.as.listener.token.getAlbumList({ type: 'alphabeticalByArtist', size: 2 });
    expect(res.status).toBe('ok');
    const abba = await ids.album('Greatest Hits', 'ABBA');
    expect(res.albumList.album).toEqual([
      expect.objectContaining({
        id: abba,
        isDir: true,
        title: 'Greatest Hits',
        album: 'Greatest Hits',
        artist: 'ABBA',
        parent: await ids.artist('ABBA'),
        year: 1979,
      }),
      expect.objectContaining({ title: 'Double', isDir: true }),
    ]);
  });

  it('getRandomSongs picks by genre and year range; size defaults to 10', async () => {
    const token = fx.as.listener.token;
    expect((await token.getRandomSongs()).randomSongs.song).toHaveLength(9);
    expect((await token.getRandomSongs({ size: 3 })).randomSongs.song).toHaveLength(3);
    const jazz = await token.getRandomSongs({ genre: 'Jazz', size: 50 });
    expect(jazz.randomSongs.song!.map((s) => s.title).sort()).toEqual(['D1T2', 'D2T1']);
    const years = await token.getRandomSongs({ fromYear: 2000, toYear: 2010, size: 50 });
    expect(years.randomSongs.song!.map((s) => s.title).sort()).toEqual(['D1T1', 'D1T2', 'D2T1']);
  });

  it('getSongsByGenre pages through one genre with count and offset; genre is required', async () => {
    const key = fx.as.listener.key;
    const first = await key.getSongsByGenre({ genre: 'Pop', count: 2 });
    const second = await key.getSongsByGenre({ genre: 'Pop', count: 2, offset: 2 });
    const titles = [...first.songsByGenre.song!, ...second.songsByGenre.song!].map((s) => s.title);
    expect(titles.sort()).toEqual(['A One', 'Hit 1', 'Hit 2', 'Hit 3']);
    expect((await key.getSongsByGenre({ genre: 'Pop', offset: 4 })).songsByGenre.song ?? []).toEqual([]);
    expect(await key.customJSON('getSongsByGenre', {})).toMatchObject({ error: { code: 10 } });
  });

  it('answers XML with albumList2 > album and albumList > album elements', async () => {
    const xml2 = await (await fx.raw('getAlbumList2', fx.tokenParams('listener', { type: 'alphabeticalByArtist' }))).text();
    expect(xml2).toMatch(/<albumList2><album [^>]*name="Greatest Hits"[^>]*artist="ABBA"/);
    expect(xml2).toContain('<genres name="Pop"/>');
    const xml1 = await (await fx.raw('getAlbumList', fx.tokenParams('listener', { type: 'alphabeticalByArtist' }))).text();
    expect(xml1).toMatch(/<albumList><album [^>]*isDir="true"[^>]*title="Greatest Hits"/);
    const songs = await (await fx.raw('getSongsByGenre', fx.tokenParams('listener', { genre: 'Jazz' }))).text();
    expect(songs).toMatch(/<songsByGenre><song [^>]*title="D1T2"/);
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
