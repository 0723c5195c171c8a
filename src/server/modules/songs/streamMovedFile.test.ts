import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from '../../library/scan/test/makeTracks';
import { createScanApp, scanNow } from '../../library/scan/test/scanApp';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';

let t: TestApp;
let root: string;
let listener: TestUser;

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) await makeTrack(root, 'Before/moving.flac', { format: 'flac', seconds: 2, tags: { title: 'Moving Track', artist: 'Mover', album: 'Away' } });
  t = await createScanApp(root);
  listener = await createUser(t);
});
afterAll(async () => t?.close());

const stream = (id: string) => t.app.inject({ method: 'GET', url: `/api/songs/stream/${id}`, headers: { ...listener.headers, range: 'bytes=0-99' } });

describe('streaming a scanned file that moved', () => {
  itWithFfmpeg('streams it from its new place under the same id, though its old path was remembered', async () => {
    await scanNow(t);
    const [before] = await t.app.db.select().from(songs).where(eq(songs.title, 'Moving Track'));
    expect((await stream(before.id)).statusCode).toBe(206);

    await mkdir(path.join(root, 'After'));
    await rename(path.join(root, 'Before/moving.flac'), path.join(root, 'After/moving.flac'));
    await scanNow(t);
    const [after] = await t.app.db.select().from(songs).where(eq(songs.title, 'Moving Track'));
    expect(after).toMatchObject({ id: before.id, filePath: path.join(root, 'After/moving.flac') });

    const res = await stream(before.id);
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.length).toBe(100);
  });
});
