/**
 * Missing files under a running server (docs/product.md §5.7): the real server scans a MUSIC_DIR of
 * ffmpeg-made songs, a listener likes, lists and plays them, then the files are hurt from outside
 * while it runs: one truncated to 0 bytes, a sub-folder renamed away, one made unreadable (chmod
 * 000; a test run as root runs the server as nobody, whom it denies). After each fault and
 * rescan the songs hurt so far are hidden, stream 404 with the message, and keep their likes,
 * playlist entries and plays; restored and rescanned, the same ids are back whole. Reads run
 * during every scan; no request answers 5xx. PostgreSQL when DATABASE_URL is set, else PGlite.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, chown, mkdtemp, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ScanStatusResponse } from '../../../contract/library';
import { MESSAGES } from '../../../contract/messages';
import { describeWithFfmpeg, makeTrack } from '../../library/scan/test/makeTracks';
import { REPO, SERVER_ENTRY, spawnServer, type ServerProcess } from './serverProcess';

const DATABASE_URL = process.env.DATABASE_URL;
const NOBODY = { uid: 65534, gid: 65534 };
/**
 * Under root, the server runs as nobody (whom chmod 000 denies), when nobody may read the checkout:
 * a clone under a private home folder is not, and then the garbage-bytes fault stands in.
 */
const AS_NOBODY = process.getuid?.() === 0 && nobodyReads([SERVER_ENTRY, path.join(REPO, 'node_modules/tsx/package.json')]);

function nobodyReads(files: string[]): boolean {
  const script = `for (const f of ${JSON.stringify(files)}) require('node:fs').readFileSync(f)`;
  return spawnSync(process.execPath, ['-e', script], { ...NOBODY, stdio: 'ignore', timeout: 10_000 }).status === 0;
}
const ADMIN = { email: 'admin@missing.test', password: 'admin-password-missing' };
const TRACKS = [
  { rel: 'Top/zeroed.mp3', title: 'Zeroed' },
  { rel: 'Share/Deep/one.mp3', title: 'Shared One' },
  { rel: 'Share/two.mp3', title: 'Shared Two' },
  { rel: 'Locked/locked.mp3', title: 'Locked' },
  { rel: 'keep.mp3', title: 'Keeper' },
];

describeWithFfmpeg(`missing files under a running server (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let tmp: string;
  let music: string;
  let server: ServerProcess | null = null;
  let pgAdmin: pg.Client | null = null;
  const dbName = `wl_faults_missing_${randomBytes(6).toString('hex')}`;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'wl-missing-'));
    music = path.join(tmp, 'music');
    await Promise.all(TRACKS.map((t, i) => makeTrack(music, t.rel, { frequency: 400 + 100 * i, tags: { title: t.title, artist: 'Faulty', album: t.title } })));
    const env: Record<string, string> = {
      DATA_DIR: path.join(tmp, 'data'),
      MUSIC_DIR: music,
      // the test asks for each rescan itself, so every one is seen to its end
      MUSIC_WATCH: 'off',
      DEMO_LIBRARY: 'off',
      CLIENT_DIR: path.join(tmp, 'no-client'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: `faults-${randomBytes(16).toString('hex')}`,
    };
    if (DATABASE_URL) {
      pgAdmin = new pg.Client({ connectionString: DATABASE_URL });
      await pgAdmin.connect();
      await pgAdmin.query(`CREATE DATABASE ${dbName}`);
      const url = new URL(DATABASE_URL);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
    }
    // chmod 000 does not deny root: a test run as root runs the server as nobody, who owns its folders
    if (AS_NOBODY) for (const dir of [tmp, music, ...TRACKS.map((t) => path.dirname(path.join(music, t.rel)))]) await chown(dir, NOBODY.uid, NOBODY.gid);
    server = await spawnServer(env, 60_000, AS_NOBODY ? NOBODY : undefined);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    if (pgAdmin) {
      await pgAdmin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await pgAdmin.end();
    }
    // a file left chmod 000 is still removed: rm runs as the owner of its folder
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }, 30_000);

  async function call<T = unknown>(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; json: T; bytes: number }> {
    const res = await fetch(`${server!.baseUrl}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const buffer = Buffer.from(await res.arrayBuffer());
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    let json = null as T;
    if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(buffer.toString('utf8')) as T;
    return { status: res.status, json, bytes: buffer.length };
  }

  it('hides the songs of truncated, vanished and unreadable files, keeps their likes, playlist entries and plays, and brings back the same ids', async () => {
    const startedAt = Date.now();
    const login = async (username: string, password: string) => {
      const res = await call<{ token: { token: string } }>('POST', '/api/auth/login', {}, { username, password });
      expect(res.status).toBe(200);
      return { authorization: `Bearer ${res.json.token.token}` };
    };
    const admin = await login(ADMIN.email, ADMIN.password);
    expect((await call('POST', '/api/auth/register', {}, { username: 'listener', email: 'listener@missing.test', password: 'listener-password' })).status).toBe(
      201,
    );
    const listener = await login('listener', 'listener-password');

    const scanStatus = async () => (await call<ScanStatusResponse>('GET', '/api/library/scan', admin)).json;
    const idle = async (after: string) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const status = await scanStatus();
        if (!status.running && status.lastResult && status.lastResult.startedAt >= after) return status.lastResult;
        if (Date.now() > deadline) throw new Error('the scan did not finish within 20 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // reads a listener makes while a scan runs: none may answer 5xx
    let reads = 0;
    const rescan = async () => {
      const after = new Date().toISOString();
      expect((await call('POST', '/api/library/scan', admin)).status).toBe(202);
      let scanning = true;
      const reader = (async () => {
        for (let n = 0; scanning; n += 1) {
          const url = ['/api/songs?limit=100', '/api/liked-songs', `/api/playlists/${playlistId}`, `/api/songs/stream/${ids.get('Keeper')}`][n % 4];
          expect((await call('GET', url, listener)).status).toBe(200);
          reads += 1;
        }
      })();
      try {
        const result = await idle(after);
        expect(result.outcome).toBe('completed');
        return result;
      } finally {
        scanning = false;
        await reader;
      }
    };

    // the start-up scan found the library
    await idle('');
    const listed = await call<{ songs: { id: string; title: string }[] }>('GET', '/api/songs?limit=100', listener);
    const ids = new Map(listed.json.songs.map((s) => [s.title, s.id]));
    expect([...ids.keys()].sort()).toEqual(TRACKS.map((t) => t.title).sort());
    const playlist = await call<{ playlist: { id: string } }>('POST', '/api/playlists', listener, { name: 'Faults' });
    expect(playlist.status).toBe(201);
    const playlistId = playlist.json.playlist.id;
    for (const { title } of TRACKS) {
      const id = ids.get(title)!;
      expect((await call<{ liked: boolean }>('POST', `/api/liked-songs/${id}/toggle`, listener)).json.liked).toBe(true);
      expect((await call('POST', `/api/playlists/${playlistId}/songs`, listener, { songId: id })).status).toBe(200);
      expect((await call('POST', `/api/stats/${id}/increment-play`, listener, { source: 'library' })).status).toBe(200);
    }

    /** Exactly `missing` are hidden (and stream 404 with the message), the others visible; all keep their likes and entries. */
    const expectMissing = async (missing: string[]) => {
      const titles = (await call<{ songs: { title: string }[] }>('GET', '/api/songs?limit=100', listener)).json.songs.map((s) => s.title);
      const liked = JSON.stringify((await call('GET', '/api/liked-songs', listener)).json);
      const inPlaylist = JSON.stringify((await call('GET', `/api/playlists/${playlistId}`, listener)).json);
      const missingList = await call<{ songs: { id: string }[]; total: number }>('GET', '/api/library/missing', admin);
      expect(missingList.json.total).toBe(missing.length);
      expect(missingList.json.songs.map((s) => s.id).sort()).toEqual(missing.map((t) => ids.get(t)).sort());
      for (const { title } of TRACKS) {
        const id = ids.get(title)!;
        const stream = await call<{ message: string }>('GET', `/api/songs/stream/${id}`, listener);
        if (missing.includes(title)) {
          expect(titles).not.toContain(title);
          expect(liked).not.toContain(id);
          expect(inPlaylist).not.toContain(id);
          expect(stream.status).toBe(404);
          expect(stream.json.message).toBe(MESSAGES.songFileMissing);
        } else {
          expect(titles).toContain(title);
          expect(liked).toContain(id);
          expect(inPlaylist).toContain(id);
          expect(stream.status).toBe(200);
          // likes, entries and plays kept through every fault: the listener's one play of each
          expect((await call<{ stats: { userPlayCount: number } }>('GET', `/api/stats/${id}`, listener)).json.stats.userPlayCount).toBe(1);
        }
      }
    };
    await expectMissing([]);
    const file = (title: string) => path.join(music, TRACKS.find((t) => t.title === title)!.rel);
    /** A stream of the song hurt a moment ago, before any rescan: whatever it answers, not 5xx. */
    const streamBeforeRescan = async (title: string) => expect((await call('GET', `/api/songs/stream/${ids.get(title)}`, listener)).status).toBeLessThan(500);

    // 1. a file truncated to 0 bytes
    const zeroedBytes = await readFile(file('Zeroed'));
    await truncate(file('Zeroed'), 0);
    await streamBeforeRescan('Zeroed');
    expect((await rescan()).counters.removed).toBe(1);
    await expectMissing(['Zeroed']);

    // 2. a sub-folder renamed out of MUSIC_DIR (an unmounted share)
    const away = path.join(tmp, 'share-away');
    await rename(path.join(music, 'Share'), away);
    await streamBeforeRescan('Shared One');
    expect((await rescan()).counters.removed).toBe(2);
    await expectMissing(['Zeroed', 'Shared One', 'Shared Two']);

    // 3. a file that no longer reads: chmod 000 (the server runs as nobody under a root test), or
    // garbage bytes where chmod does not deny the server (a user who may read every file)
    const lockedBytes = await readFile(file('Locked'));
    await chmod(file('Locked'), 0o000);
    const chmodDenies =
      AS_NOBODY ||
      (await access(file('Locked'), constants.R_OK).then(
        () => false,
        () => true,
      ));
    if (!chmodDenies) {
      await chmod(file('Locked'), 0o644);
      await writeFile(file('Locked'), randomBytes(lockedBytes.length));
    }
    await streamBeforeRescan('Locked');
    expect((await rescan()).counters.removed).toBe(1);
    const hurt = ['Zeroed', 'Shared One', 'Shared Two', 'Locked'];
    await expectMissing(hurt);
    // still missing at the next scan: nothing marked again
    expect((await rescan()).counters.removed).toBe(0);
    await expectMissing(hurt);

    // everything restored: the same ids, liked, in the playlist, with their plays
    await writeFile(file('Zeroed'), zeroedBytes);
    await rename(away, path.join(music, 'Share'));
    if (chmodDenies) await chmod(file('Locked'), 0o644);
    else await writeFile(file('Locked'), lockedBytes);
    await rescan();
    await expectMissing([]);
    const after = await call<{ songs: { id: string; title: string }[] }>('GET', '/api/songs?limit=100', listener);
    expect(new Map(after.json.songs.map((s) => [s.title, s.id]))).toEqual(ids);
    for (const { title } of TRACKS) {
      const stream = await call('GET', `/api/songs/stream/${ids.get(title)}`, listener);
      expect(stream.bytes).toBe((await readFile(file(title))).length);
    }

    const fiveHundreds = [...statuses].filter(([s]) => s >= 500);
    expect(fiveHundreds).toEqual([]);
    console.log(
      `faults (missing files, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): truncate, folder away, ${chmodDenies ? `chmod 000${AS_NOBODY ? ' (server as nobody)' : ''}` : 'garbage bytes (chmod does not deny)'}; ` +
        `${[...statuses.values()].reduce((a, b) => a + b, 0)} requests (${reads} reads during scans): ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}, 5xx: 0; ` +
        `${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
  }, 90_000);
});
