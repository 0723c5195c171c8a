import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';

let fx: SubsonicFixture;
beforeAll(async () => {
  fx = await subsonicFixture();
}, 120_000);
afterAll(async () => fx?.close());

describeWithFfmpeg('Subsonic system calls', () => {
  it('ping answers ok through both sign-in schemes, with the OpenSubsonic envelope', async () => {
    for (const client of [fx.as.listener.token, fx.as.listener.key]) {
      const res = await client.ping();
      expect(res).toMatchObject({ status: 'ok', version: '1.16.1', type: 'wavelength', openSubsonic: true });
      expect(typeof (res as Record<string, unknown>).serverVersion).toBe('string');
    }
  });

  it('getLicense is valid and getMusicFolders names one folder', async () => {
    expect((await fx.as.listener.token.getLicense()).license.valid).toBe(true);
    expect((await fx.as.listener.key.getMusicFolders()).musicFolders.musicFolder).toEqual([{ id: 1, name: 'Music' }]);
  });

  it('keeps every id across a rescan an admin starts, a moved file and its star included', async () => {
    const everything = async () => {
      const res = await fx.as.listener.token.search3({ query: '', artistCount: 500, albumCount: 500, songCount: 500 });
      const { artist = [], album = [], song = [] } = res.searchResult3;
      return { artists: artist.map((a) => a.id).sort(), albums: album.map((a) => a.id).sort(), songs: song.map((s) => `${s.id} ${s.title}`).sort() };
    };
    const before = await everything();
    expect(before.songs.length).toBe(9);
    const qOne = await fx.songId('Q One');
    expect((await fx.as.listener.token.star({ id: qOne })).status).toBe('ok');

    const root = fx.t.config.musicDirs[0];
    await mkdir(path.join(root, 'Queen', 'GH', 'moved'));
    await rename(path.join(root, 'Queen', 'GH', '01.mp3'), path.join(root, 'Queen', 'GH', 'moved', '01.mp3'));
    const started = await fx.as.admin.key.startScan();
    expect(started.status).toBe('ok');
    await fx.t.app.library.whenIdle();
    expect(fx.t.app.library.status().lastResult).toMatchObject({ outcome: 'completed', counters: { moved: 1 } });

    expect(await everything()).toEqual(before);
    const song = await fx.as.listener.key.getSong({ id: qOne });
    expect(song.song.starred).toBeDefined();
    expect((await fx.as.listener.key.getScanStatus()).scanStatus).toEqual({ scanning: false, count: 9 });
  });
});

describe('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
