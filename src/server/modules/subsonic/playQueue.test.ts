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
const codeOf = (res: unknown) => (res as { error?: { code: number } }).error?.code;

describeWithFfmpeg('Subsonic play queue and bookmarks', () => {
  it('no queue answers a queue without entries, changed at the epoch', async () => {
    const res = await fx.as.listener.key.getPlayQueue();
    expect(res.status).toBe('ok');
    expect(res.playQueue).toEqual({ username: fx.listener.user.username, changed: '1970-01-01T00:00:00.000Z', changedBy: '' });
  });

  it('a queue saved from one app (apiKey) resumes in another (token) with its entries, current and position', async () => {
    const queue = [await fx.songId('D1T1'), await fx.songId('D1T2'), await fx.songId('Q One')];
    const saved = await fx.raw(
      'savePlayQueue',
      { apiKey: fx.as.listener.apiKey, v: '1.16.1', c: 'Phone app', f: 'json', id: queue, current: queue[1], position: '61234' },
      { post: true },
    );
    expect((await saved.json())['subsonic-response'].status).toBe('ok');

    const resumed = await fx.as.listener.token.getPlayQueue();
    expect(resumed.playQueue).toMatchObject({ current: queue[1], position: 61234, username: fx.listener.user.username, changedBy: 'Phone app' });
    expect(resumed.playQueue?.entry?.map((e) => e.id)).toEqual(queue);
    expect(new Date(resumed.playQueue!.changed as unknown as string).getTime()).toBe(fx.t.clock.now);
    // another user's queue is theirs alone
    expect((await fx.as.admin.token.getPlayQueue()).playQueue).toEqual({
      username: fx.admin.user.username,
      changed: '1970-01-01T00:00:00.000Z',
      changedBy: '',
    });
  });

  it('unknown ids or a current outside the queue change nothing; no id clears it', async () => {
    const queue = [await fx.songId('Hit 1'), await fx.songId('Hit 2')];
    expect((await fx.as.listener.key.savePlayQueue({ id: queue, current: queue[0], position: 5 })).status).toBe('ok');
    expect(codeOf(await fx.as.listener.key.savePlayQueue({ id: [queue[0], MISSING], position: 0 }))).toBe(70);
    expect(codeOf(await fx.as.listener.key.savePlayQueue({ id: queue, current: await fx.songId('A One'), position: 0 }))).toBe(0);
    const kept = await fx.as.listener.token.getPlayQueue();
    expect(kept.playQueue?.entry?.map((e) => e.id)).toEqual(queue);
    expect(kept.playQueue).toMatchObject({ current: queue[0], position: 5, changedBy: 'subsonic-api' });

    expect((await fx.as.listener.key.savePlayQueue({ position: 0 })).status).toBe('ok');
    expect((await fx.as.listener.token.getPlayQueue()).playQueue).toEqual({
      username: fx.listener.user.username,
      changed: '1970-01-01T00:00:00.000Z',
      changedBy: '',
    });
  });

  it('createBookmark keeps a position and comment per user and song, moves it, and getBookmarks lists it with its song', async () => {
    const qOne = await fx.songId('Q One');
    const hit = await fx.songId('Hit 1');
    expect((await fx.as.listener.key.getBookmarks()).bookmarks.bookmark ?? []).toEqual([]);
    expect(await fx.as.listener.key.createBookmark({ id: qOne, position: 1000, comment: 'chapter 2' })).toMatchObject({ status: 'ok' });
    expect(await fx.as.listener.token.createBookmark({ id: hit, position: 5 })).toMatchObject({ status: 'ok' });
    expect(await fx.as.listener.token.createBookmark({ id: qOne, position: 61_234, comment: 'chapter 3' })).toMatchObject({ status: 'ok' });

    const listed = (await fx.as.listener.token.getBookmarks()).bookmarks.bookmark!;
    expect(listed.map((b) => [b.entry.id, b.position, b.comment])).toEqual([
      [qOne, 61_234, 'chapter 3'],
      [hit, 5, undefined],
    ]);
    expect(listed[0]).toMatchObject({ username: fx.listener.user.username, entry: { title: 'Q One', isDir: false } });
    expect(Date.parse(String(listed[0].changed))).toBeGreaterThanOrEqual(Date.parse(String(listed[0].created)));
    // another user sees none of them and cannot delete them
    expect((await fx.as.admin.key.getBookmarks()).bookmarks.bookmark ?? []).toEqual([]);
    expect(await fx.as.admin.key.deleteBookmark({ id: qOne })).toMatchObject({ status: 'ok' });
    expect((await fx.as.listener.key.getBookmarks()).bookmarks.bookmark!.length).toBe(2);

    const xml = await (await fx.raw('getBookmarks', fx.tokenParams('listener'))).text();
    expect(xml).toMatch(/<bookmark position="61234" username="[^"]+" comment="chapter 3" created="[^"]+" changed="[^"]+"><entry [^>]*bookmarkPosition="61234"/);
    expectValidXml(xml);

    expect(await fx.as.listener.key.deleteBookmark({ id: qOne })).toMatchObject({ status: 'ok' });
    expect((await fx.as.listener.key.getBookmarks()).bookmarks.bookmark!.map((b) => b.entry.id)).toEqual([hit]);
    await fx.as.listener.key.deleteBookmark({ id: hit });
  });

  it('refuses a bookmark without a song or position, of an unknown song, at a negative position or with an over-long comment, and keeps nothing', async () => {
    const id = await fx.songId('Q Two');
    const cases: [Record<string, unknown>, number][] = [
      [{ position: 10 }, 10],
      [{ id }, 10],
      [{ id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', position: 10 }, 70],
      [{ id: 'nonsense', position: 10 }, 70],
      [{ id, position: -1 }, 0],
      [{ id, position: 'soon' }, 0],
      [{ id, position: 10, comment: 'x'.repeat(1001) }, 0],
    ];
    for (const [params, code] of cases)
      expect({ params, code: codeOf(await fx.as.listener.key.customJSON('createBookmark', params)) }).toEqual({ params, code });
    expect(codeOf(await fx.as.listener.key.customJSON('deleteBookmark', {}))).toBe(10);
    expect(codeOf(await fx.as.listener.key.customJSON('deleteBookmark', { id: 'nonsense' }))).toBe(70);
    expect((await fx.as.listener.key.getBookmarks()).bookmarks.bookmark ?? []).toEqual([]);
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
