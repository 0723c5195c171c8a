import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { uploadTempDir } from '../library/mediaDir';
import { multipartBody } from '../modules/songs/test/multipartBody';
import { FIXTURES } from '../modules/songs/test/songsApp';
import { createTestApp, createUser, type TestApp } from '../test/testApp';
import { removeDeadDatabaseSockets } from './databaseSockets';
import { sweepUploadLeftovers } from './uploadLeftovers';

/** The id of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

const HOUR_AGO = new Date(Date.now() - 3_600_000);

describe('start-up sweep of what a killed server left', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('finishes a committed upload, removes dead parts, pending files without a row and orphaned audio; keeps a live server’s part', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { payload, headers } = multipartBody([
      { name: 'song', filename: 'tone.mp3', type: 'audio/mpeg', data: await readFile(path.join(FIXTURES, 'tone.mp3')) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...admin.headers } });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().song;
    const { mediaDir } = t.config;
    const tmp = uploadTempDir(mediaDir);
    expect(await readdir(tmp)).toEqual([]);
    const [uploaded] = (await readdir(mediaDir)).filter((name) => name.endsWith('.mp3'));

    // killed after the row committed, before the move: the file waits under its pending name
    const dead = await deadPid();
    await rename(path.join(mediaDir, uploaded), path.join(tmp, `${dead}~${uploaded}.pending`));
    // killed before the row: a checked file, a part being received (fresh: no age rule), and an orphan an older release left
    await writeFile(path.join(tmp, `${dead}~0f0e0d0c-0000-4000-8000-000000000001.mp3.pending`), 'checked');
    await writeFile(path.join(tmp, `${dead}-0f0e0d0c-0000-4000-8000-000000000002.part`), 'half');
    const orphan = path.join(mediaDir, '0f0e0d0c-0000-4000-8000-000000000003.mp3');
    await copyFile(path.join(FIXTURES, 'tone.mp3'), orphan);
    await utimes(orphan, HOUR_AGO, HOUR_AGO);
    // another live instance's upload in progress
    const live = `${process.ppid}-0f0e0d0c-0000-4000-8000-000000000004.part`;
    await writeFile(path.join(tmp, live), 'receiving');

    expect(await sweepUploadLeftovers(t.app.db, mediaDir)).toEqual({ removed: 2, finished: 1, orphans: 1 });
    expect(await readdir(tmp)).toEqual([live]);
    expect((await readdir(mediaDir)).filter((name) => name !== 'tmp')).toEqual([uploaded]);
    const stream = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${id}`, headers: admin.headers });
    expect(stream.statusCode).toBe(200);
  });

  it('removes the database socket folders of dead servers and of this process’s id, keeps a live one’s', async () => {
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'wavelength-sockets-'));
    const dead = await deadPid();
    const names = [
      `wavelength-db-${dead}-aaaaaa`,
      `wavelength-db-${process.pid}-bbbbbb`,
      `wavelength-db-${process.ppid}-cccccc`,
      'wavelength-db-dddddd',
      'wavelength-db-eeeeee',
    ];
    for (const name of names) await mkdir(path.join(tmpDir, name));
    // an older release's folders: one idle with no socket answering, one with a database listening
    await utimes(path.join(tmpDir, 'wavelength-db-dddddd'), HOUR_AGO, HOUR_AGO);
    const listening = createServer();
    await new Promise<void>((resolve) => listening.listen(path.join(tmpDir, 'wavelength-db-eeeeee', '.s.PGSQL.5432'), resolve));
    await utimes(path.join(tmpDir, 'wavelength-db-eeeeee'), HOUR_AGO, HOUR_AGO);
    try {
      expect(await removeDeadDatabaseSockets(tmpDir)).toBe(3);
      expect((await readdir(tmpDir)).sort()).toEqual([`wavelength-db-${process.ppid}-cccccc`, 'wavelength-db-eeeeee'].sort());
    } finally {
      listening.close();
    }
  });
});
