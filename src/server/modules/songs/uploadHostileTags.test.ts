import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { TEXT_MAX_CHARS } from '../../library/scan/cleanTags';
import { makeHostileTracks } from '../../library/scan/test/hostileTracks';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from '../../library/scan/test/makeTracks';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { multipartBody } from './test/multipartBody';

let t: TestApp;
let admin: TestUser;
let sources: string;
const files = new Map<string, Buffer>();

beforeAll(async () => {
  sources = await makeMusicDir();
  if (HAS_FFMPEG) for (const file of await makeHostileTracks(sources, 'hostile')) files.set(path.basename(file), await readFile(file));
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  // ffmpeg makes the files: slow on a busy machine
}, 120_000);
afterAll(async () => t?.close());

async function upload(name: string, data: Buffer) {
  const { payload, headers } = multipartBody([{ name: 'song', filename: name, type: 'audio/flac', data }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...admin.headers } });
  return { status: res.statusCode, body: res.json() as { song?: { id: string; title: string; artist: string }; message?: string } };
}

const rowOf = async (id: string) => (await t.app.db.select().from(songs).where(eq(songs.id, id)))[0];
const mediaFiles = async () => (await readdir(t.config.mediaDir).catch(() => [])).filter((f) => f !== 'tmp').sort();

describe('POST /api/songs/upload of files with hostile tags (issue 27, item 2)', () => {
  itWithFfmpeg('answers 201 for every hostile file, with its values cleaned and bounded', async () => {
    const answers = new Map<string, Awaited<ReturnType<typeof upload>>>();
    for (const [name, data] of files) answers.set(name, await upload(name, data));
    expect([...answers].map(([name, a]) => [name, a.status])).toEqual([...files.keys()].map((name) => [name, 201]));

    const nul = await rowOf(answers.get('nul-tags.flac')!.body.song!.id);
    expect(nul).toMatchObject({ title: 'NulNULTitle', artist: 'NulNULArtist', album: 'NulNULAlbum', lyrics: { plain: 'lineNULone' } });
    expect((await rowOf(answers.get('long-title.flac')!.body.song!.id)).title).toHaveLength(TEXT_MAX_CHARS);
    const longNames = await rowOf(answers.get('long-artist-album.flac')!.body.song!.id);
    expect(longNames.artist).toHaveLength(TEXT_MAX_CHARS);
    expect(longNames.album).toHaveLength(TEXT_MAX_CHARS);
    expect((await rowOf(answers.get('many-artists.flac')!.body.song!.id)).artists).toHaveLength(50);
    expect(answers.get('control-chars.flac')!.body.song).toMatchObject({ title: 'BellEscapeDeleteEnd', artist: 'CtrlBand' });
  });

  itWithFfmpeg('answers a clear 400, and keeps no file, when the database takes none of the tags', async () => {
    // a refusal no cleaning can foresee, as the database refuses a bad value
    await t.app.db.execute(
      sql.raw(`create function refuse_upload() returns trigger language plpgsql as $$
      begin if new.title = 'Refused Upload' then raise exception 'refused %', new.path using errcode = '22001'; end if; return new; end $$`),
    );
    await t.app.db.execute(sql.raw('create trigger refuse_upload before insert on songs for each row execute function refuse_upload()'));
    try {
      const before = await mediaFiles();
      const data = await readFile(await makeTrack(sources, 'refused.flac', { format: 'flac', tags: { title: 'Refused Upload', artist: 'Nobody' } }));
      const { status, body } = await upload('refused.flac', data);
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, message: "The file's tags could not be stored in the library: correct them in a tag editor and upload it again" });
      expect(await mediaFiles()).toEqual(before);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_upload on songs; drop function refuse_upload()'));
    }
  });
});
