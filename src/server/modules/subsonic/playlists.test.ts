import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';

let fx: SubsonicFixture;
let ids: Record<string, string>;
beforeAll(async () => {
  fx = await subsonicFixture();
  ids = {};
  for (const title of ['Q One', 'Q Two', 'A One', 'Hit 1', 'Hit 2', 'D1T1']) ids[title] = await fx.songId(title);
}, 120_000);
afterAll(async () => fx?.close());

const MISSING = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
type Who = 'listener' | 'admin';

const web = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: Who = 'listener') => {
  const res = await fx.t.app.inject({ method, url, headers: fx.as[who].user.headers, payload });
  return { status: res.statusCode, body: res.json() };
};
const codeOf = (res: unknown) => (res as { error?: { code: number } }).error?.code;
const entryIds = (playlist: { entry?: { id: string }[] }) => (playlist.entry ?? []).map((e) => e.id);

describeWithFfmpeg('Subsonic playlists are the web app playlists', () => {
  it('a playlist made in Subsonic is in the web app, with its songs in order', async () => {
    const songIds = [ids['Q Two'], ids['A One'], ids['Q One']];
    const made = await fx.as.listener.token.createPlaylist({ name: 'From my phone', songId: songIds });
    expect(made.status).toBe('ok');
    expect(made.playlist).toMatchObject({ name: 'From my phone', owner: fx.listener.user.username, public: false, songCount: 3, comment: '' });
    expect(entryIds(made.playlist)).toEqual(songIds);
    expect(made.playlist.duration).toBe(made.playlist.entry!.reduce((sum, e) => sum + (e.duration ?? 0), 0));

    const list = await web('GET', '/api/playlists');
    const mine = list.body.playlists.find((p: { id: string }) => p.id === made.playlist.id);
    expect(mine).toMatchObject({ name: 'From my phone', trackCount: 3 });
    const detail = await web('GET', `/api/playlists/${made.playlist.id}`);
    expect(detail.body.playlist.songs.map((s: { songId: string }) => s.songId)).toEqual(songIds);
  });

  it('a playlist made in the web app is in getPlaylists and getPlaylist', async () => {
    const created = await web('POST', '/api/playlists', { name: 'Made on the web', description: 'desk' });
    expect(created.status).toBe(201);
    const id = created.body.playlist.id;
    for (const songId of [ids['Hit 1'], ids['Hit 2']]) expect((await web('POST', `/api/playlists/${id}/songs`, { songId })).status).toBe(200);

    const list = await fx.as.listener.key.getPlaylists();
    const summary = list.playlists.playlist?.find((p) => p.id === id);
    expect(summary).toMatchObject({ name: 'Made on the web', comment: 'desk', songCount: 2, owner: fx.listener.user.username });
    expect(summary?.created).toBeInstanceOf(Date);
    const one = await fx.as.listener.key.getPlaylist({ id });
    expect(entryIds(one.playlist)).toEqual([ids['Hit 1'], ids['Hit 2']]);
    expect(one.playlist.coverArt).toBe(one.playlist.entry![0].coverArt);
    // a like and a rating of the web app's user show on the entries
    await web('POST', `/api/liked-songs/${ids['Hit 2']}/toggle`);
    expect((await fx.as.listener.key.setRating({ id: ids['Hit 1'], rating: 3 })).status).toBe('ok');
    const again = await fx.as.listener.token.getPlaylist({ id });
    expect(again.playlist.entry![0].userRating).toBe(3);
    expect(again.playlist.entry![0].starred).toBeUndefined();
    expect(again.playlist.entry![1].starred).toBeInstanceOf(Date);
  });

  it('updatePlaylist renames, comments, adds and removes by the indexes before the call', async () => {
    const made = await fx.as.listener.key.createPlaylist({ name: 'Edit me', songId: [ids['Q One'], ids['Q Two'], ids['A One']] });
    const id = made.playlist.id;
    const updated = await fx.as.listener.key.updatePlaylist({
      playlistId: id,
      name: 'Edited',
      comment: 'notes',
      songIdToAdd: [ids['D1T1'], ids['Q One']],
      songIndexToRemove: [0, 2],
    });
    expect(updated.status).toBe('ok');
    const after = await fx.as.listener.key.getPlaylist({ id });
    expect(after.playlist).toMatchObject({ name: 'Edited', comment: 'notes' });
    // Q One was removed (index 0) and added back at the end; A One (index 2) removed
    expect(entryIds(after.playlist)).toEqual([ids['Q Two'], ids['D1T1'], ids['Q One']]);
    const web1 = await web('GET', `/api/playlists/${id}`);
    expect(web1.body.playlist).toMatchObject({ name: 'Edited', description: 'notes', trackCount: 3 });

    // a song already there is not added twice (the web app's rule)
    await fx.as.listener.key.updatePlaylist({ playlistId: id, songIdToAdd: [ids['Q Two']] });
    expect(entryIds((await fx.as.listener.key.getPlaylist({ id })).playlist)).toEqual([ids['Q Two'], ids['D1T1'], ids['Q One']]);

    // nothing changes when one part of the call is wrong
    const pastEnd = await fx.as.listener.key.updatePlaylist({ playlistId: id, name: 'Nope', songIndexToRemove: [0, 3] });
    expect(codeOf(pastEnd)).toBe(0);
    const unknown = await fx.as.listener.key.updatePlaylist({ playlistId: id, name: 'Nope', songIdToAdd: [MISSING] });
    expect(codeOf(unknown)).toBe(70);
    const tooLong = await fx.as.listener.key.updatePlaylist({ playlistId: id, name: 'x'.repeat(101), songIndexToRemove: [0] });
    expect(tooLong).toMatchObject({ status: 'failed', error: { code: 0, message: 'Playlist name must be at most 100 characters' } });
    const still = await fx.as.listener.key.getPlaylist({ id });
    expect(still.playlist.name).toBe('Edited');
    expect(entryIds(still.playlist)).toEqual([ids['Q Two'], ids['D1T1'], ids['Q One']]);
  });

  it('createPlaylist with playlistId replaces the songs; bad names and unknown songs create nothing', async () => {
    const made = await fx.as.listener.key.createPlaylist({ name: 'Replace me', songId: [ids['Q One'], ids['Q Two']] });
    const replaced = await fx.as.listener.token.createPlaylist({ playlistId: made.playlist.id, songId: [ids['Hit 2'], ids['Q One'], ids['Hit 2']] });
    expect(replaced.status).toBe('ok');
    expect(replaced.playlist.name).toBe('Replace me');
    expect(entryIds(replaced.playlist)).toEqual([ids['Hit 2'], ids['Q One']]);

    const before = (await web('GET', '/api/playlists')).body.total;
    const blank = await fx.as.listener.key.createPlaylist({ name: '   ' });
    expect(blank).toMatchObject({ status: 'failed', error: { code: 0, message: 'Playlist name is required' } });
    expect(codeOf(await fx.as.listener.key.createPlaylist({}))).toBe(10);
    expect(codeOf(await fx.as.listener.key.createPlaylist({ name: 'Ghost', songId: [ids['Q One'], MISSING] }))).toBe(70);
    const tooMany = await fx.raw(
      'createPlaylist',
      { ...fx.tokenParams('listener'), f: 'json', name: 'Huge', songId: Array(10_001).fill(ids['Q One']) },
      { post: true },
    );
    expect((await tooMany.json())['subsonic-response'].error).toEqual({ code: 0, message: 'At most 10000 songs can be sent at once.' });
    expect((await web('GET', '/api/playlists')).body.total).toBe(before);
  });

  it("a listener cannot read, change or delete another user's playlist", async () => {
    const theirs = await fx.as.admin.key.createPlaylist({ name: 'Admin only', songId: [ids['A One']] });
    const id = theirs.playlist.id;
    expect(codeOf(await fx.as.listener.key.getPlaylist({ id }))).toBe(70);
    expect(codeOf(await fx.as.listener.key.updatePlaylist({ playlistId: id, name: 'Mine now', songIdToAdd: [ids['Q One']] }))).toBe(70);
    expect(codeOf(await fx.as.listener.key.createPlaylist({ playlistId: id, songId: [ids['Q One']] }))).toBe(70);
    expect(codeOf(await fx.as.listener.token.deletePlaylist({ id }))).toBe(70);
    expect(codeOf(await fx.as.listener.token.getPlaylists({ username: fx.admin.user.username }))).toBe(50);
    expect((await fx.as.listener.key.getPlaylists()).playlists.playlist?.map((p) => p.id)).not.toContain(id);

    const still = await fx.as.admin.key.getPlaylist({ id });
    expect(still.playlist).toMatchObject({ name: 'Admin only', songCount: 1 });
    expect(entryIds(still.playlist)).toEqual([ids['A One']]);
    expect(codeOf(await fx.as.listener.key.getPlaylist({ id: 'not-a-uuid' }))).toBe(70);
  });

  it('deletePlaylist removes it from the web app too', async () => {
    const made = await fx.as.listener.key.createPlaylist({ name: 'Short lived' });
    expect(made.playlist).toMatchObject({ songCount: 0, duration: 0 });
    expect((await fx.as.listener.key.deletePlaylist({ id: made.playlist.id })).status).toBe('ok');
    expect((await web('GET', `/api/playlists/${made.playlist.id}`)).status).toBe(404);
    expect(codeOf(await fx.as.listener.key.deletePlaylist({ id: made.playlist.id }))).toBe(70);
  });

  it('getPlaylists in XML names playlists/playlist elements, getPlaylist entry elements', async () => {
    const made = await fx.as.listener.key.createPlaylist({ name: 'XML <&> list', songId: [ids['Q One']] });
    const xml = await (await fx.raw('getPlaylists', fx.tokenParams('listener'))).text();
    expect(xml).toMatch(/<subsonic-response [^>]*status="ok"/);
    expect(xml).toContain('<playlists>');
    expect(xml).toMatch(new RegExp(`<playlist [^>]*id="${made.playlist.id}"[^>]*name="XML &lt;&amp;&gt; list"`));
    expect(xml).toMatch(/<playlist [^>]*owner="[^"]+"[^>]*public="false"[^>]*songCount="1"/);
    const one = await (await fx.raw('getPlaylist', fx.tokenParams('listener', { id: made.playlist.id }))).text();
    expect(one).toMatch(new RegExp(`<playlist [^>]*id="${made.playlist.id}"[^>]*>\\s*<entry [^>]*id="${ids['Q One']}"`));
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
