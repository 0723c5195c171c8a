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

const ALL_SONGS = ['A One', 'D1T1', 'D1T2', 'D2T1', 'Hit 1', 'Hit 2', 'Hit 3', 'Q One', 'Q Two'];

describeWithFfmpeg('Subsonic search calls', () => {
  it('search3 matches artists and albums by name and songs by title, artist or album, case and accents ignored', async () => {
    for (const client of [fx.as.listener.token, fx.as.listener.key]) {
      const res = await client.search3({ query: 'QUÉEN' });
      expect(res.status).toBe('ok');
      expect(res.searchResult3.artist).toEqual([expect.objectContaining({ id: await ids.artist('Queen'), name: 'Queen', albumCount: 2 })]);
      expect(res.searchResult3.album ?? []).toEqual([]);
      expect(res.searchResult3.song!.map((s) => s.title).sort()).toEqual(['Hit 3', 'Q One', 'Q Two']);
    }
    const hits = (await fx.as.listener.key.search3({ query: 'hits' })).searchResult3;
    expect(hits.album!.map((a) => `${a.artist} - ${a.name}`).sort()).toEqual([
      'ABBA - Greatest Hits',
      'Queen - Greatest Hits',
      'Various Artists - Summer Hits',
    ]);
    expect(hits.album![0]).toMatchObject({ songCount: expect.any(Number), artistId: expect.any(String) });
    expect(hits.song!.map((s) => s.title).sort()).toEqual(['A One', 'Hit 1', 'Hit 2', 'Hit 3', 'Q One', 'Q Two']);
  });

  it('search3 pages each group with its own count and offset', async () => {
    const key = fx.as.listener.key;
    const res = await key.search3({ query: 'hits', albumCount: 2, albumOffset: 1, songCount: 0, artistCount: 0 });
    expect(res.searchResult3.album).toHaveLength(2);
    expect(res.searchResult3.song ?? []).toEqual([]);
    expect(res.searchResult3.artist ?? []).toEqual([]);
    const all = (await key.search3({ query: 'hits', albumCount: 3 })).searchResult3.album!;
    expect(res.searchResult3.album!.map((a) => a.id)).toEqual(all.slice(1).map((a) => a.id));
  });

  it('an empty query pages through the whole library, every song exactly once (how apps sync)', async () => {
    const key = fx.as.listener.key;
    const seen: string[] = [];
    for (let offset = 0; offset < 20; offset += 4) {
      const res = await key.search3({ query: '', songCount: 4, songOffset: offset, artistCount: 0, albumCount: 0 });
      expect(res.status).toBe('ok');
      const page = res.searchResult3.song ?? [];
      seen.push(...page.map((s) => s.id));
      if (page.length < 4) break;
    }
    expect(seen).toHaveLength(ALL_SONGS.length);
    expect(new Set(seen).size).toBe(ALL_SONGS.length);
    const titles = await Promise.all(ALL_SONGS.map((title) => fx.songId(title)));
    expect([...seen].sort()).toEqual([...titles].sort());

    const everything = (await key.search3({ query: '', artistCount: 500, albumCount: 500, songCount: 500 })).searchResult3;
    expect(everything.artist!.map((a) => a.name)).toEqual(['ABBA', 'Ana', 'Band', 'Bo', 'Queen', 'Various Artists']);
    expect(everything.album).toHaveLength(4);
    expect(everything.song).toHaveLength(9);
  });

  it('the literal query "" that Symfonium sends is the whole library too', async () => {
    const seen: string[] = [];
    for (const offset of [0, 5]) {
      const res = await fx.raw('search3', fx.tokenParams('listener', { query: '""', songCount: '5', songOffset: String(offset), f: 'json' }));
      const body = (await res.json())['subsonic-response'];
      expect(body.status).toBe('ok');
      seen.push(...body.searchResult3.song.map((s: { id: string }) => s.id));
      if (offset === 0) expect(body.searchResult3.album).toHaveLength(4);
    }
    expect(new Set(seen).size).toBe(9);
    expect(seen).toHaveLength(9);
  });

  it('search2 answers folder-view artists, albums as directories and songs', async () => {
    const res = await fx.as.listener.token.search2({ query: 'double' });
    expect(res.status).toBe('ok');
    const double = await ids.album('Double', 'Band');
    expect(res.searchResult2.album).toEqual([expect.objectContaining({ id: double, isDir: true, title: 'Double', artist: 'Band' })]);
    expect(res.searchResult2.song!.map((s) => s.title).sort()).toEqual(['D1T1', 'D1T2', 'D2T1']);
    const abba = await fx.as.listener.token.search2({ query: 'abba' });
    expect(abba.searchResult2.artist).toEqual([{ id: await ids.artist('ABBA'), name: 'ABBA' }]);
  });

  it('answers XML with searchResult3 and searchResult2 elements', async () => {
    const xml3 = await (await fx.raw('search3', fx.tokenParams('listener', { query: 'queen' }))).text();
    expect(xml3).toMatch(/<searchResult3><artist [^>]*name="Queen"[^>]*\/>(<album [^>]*>.*<\/album>)*<song /);
    const xml2 = await (await fx.raw('search2', fx.tokenParams('listener', { query: 'double' }))).text();
    expect(xml2).toMatch(/<searchResult2><album [^>]*isDir="true"[^>]*\/><song /);
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
