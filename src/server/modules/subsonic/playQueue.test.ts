import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
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

  it('getBookmarks is an empty list; createBookmark says it is not supported', async () => {
    const res = await fx.as.listener.key.getBookmarks();
    expect(res).toMatchObject({ status: 'ok', bookmarks: {} });
    expect(res.bookmarks.bookmark).toBeUndefined();
    const create = await fx.as.listener.key.createBookmark({ id: await fx.songId('Q One'), position: 1000 });
    expect(create).toMatchObject({ status: 'failed', error: { code: 0 } });
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
