import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { LyricsTrack } from '../../../contract/lyrics';
import { songs } from '../../db/schema';
import { storedLyrics } from '../../library/lyrics/songLyrics';
import { makeMp3WithFrames, textFrame, usltFrame } from '../../library/lyrics/test/id3Lyrics';
import { itWithFfmpeg, makeMusicDir } from '../../library/scan/test/makeTracks';
import { multipartBody } from './test/multipartBody';
import { addSong, admin, listener, t, useSongsTestApp } from './test/songsApp';

/** GET /api/songs/:id/lyrics (docs/product.md §5.8): every set of a song's lyrics, synced first. */
useSongsTestApp();

const english: LyricsTrack = {
  lang: 'eng',
  synced: true,
  offsetMs: 250,
  lines: [
    { startMs: 500, text: 'Hello there' },
    { startMs: 1250, text: 'Goodbye now' },
  ],
};
const germanPlain: LyricsTrack = { lang: 'deu', synced: false, offsetMs: 0, lines: [{ text: 'Hallo du' }] };

const lyricsOf = (id: string, headers: Record<string, string> | undefined = listener.headers) =>
  t.app.inject({ method: 'GET', url: `/api/songs/${id}/lyrics`, headers });

async function songWith(lyrics: (typeof songs.$inferInsert)['lyrics']) {
  const row = await addSong(`Lyrics ${randomUUID().slice(0, 8)}`, 'Singer');
  await t.app.db.update(songs).set({ lyrics }).where(eq(songs.id, row.id));
  return row.id;
}

describe('GET /api/songs/:id/lyrics', () => {
  it('needs a signed-in user', async () => {
    const res = await lyricsOf(await songWith(null), {});
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for an id that is no uuid, and 404 for an unknown song', async () => {
    const malformed = await lyricsOf('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: 'A song id is a UUID' });
    const unknown = await lyricsOf(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Song not found' });
  });

  it('answers 404 for a song whose file went missing (hidden like it, docs/product.md §5.7)', async () => {
    const id = await songWith(storedLyrics([english]));
    await t.app.db.update(songs).set({ missingSince: new Date() }).where(eq(songs.id, id));
    expect((await lyricsOf(id)).statusCode).toBe(404);
  });

  it('lists every set, synced first, with its language and offset', async () => {
    const id = await songWith(storedLyrics([germanPlain, english]));
    const res = await lyricsOf(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, songId: id, lyrics: [english, germanPlain] });
  });

  it('reads rows of the older shape, and answers an empty list for a song without lyrics', async () => {
    const old = await songWith({ plain: 'la\nla', synced: [{ timeMs: 1500, text: 'la' }] });
    expect((await lyricsOf(old)).json().lyrics).toEqual([{ lang: 'xxx', synced: true, offsetMs: 0, lines: [{ startMs: 1500, text: 'la' }] }]);
    const none = await songWith(null);
    expect((await lyricsOf(none)).json()).toEqual({ success: true, songId: none, lyrics: [] });
  });
});

describe('lyrics of an uploaded file (uploads read tags as the scan does)', () => {
  itWithFfmpeg('lists the LRC of its USLT frame as synced, in its language', async () => {
    const file = await makeMp3WithFrames(await makeMusicDir(), 'up.mp3', [
      textFrame('TIT2', 'Uploaded Words'),
      textFrame('TPE1', 'Uploader'),
      usltFrame('eng', '[00:00.50]Hello there\n[00:01.25]Goodbye now'),
    ]);
    const { payload, headers } = multipartBody([{ name: 'song', filename: 'up.mp3', type: 'audio/mpeg', data: await readFile(file) }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...admin.headers } });
    expect(uploaded.statusCode).toBe(201);
    const res = await lyricsOf(uploaded.json().song.id);
    expect(res.json().lyrics).toEqual([{ ...english, offsetMs: 0 }]);
  });
});

describe('GET /api/songs/:id/lyrics in the API reference', () => {
  it('is documented from its schema, with its answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/songs/{id}/lyrics'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties)).toEqual(['success', 'songId', 'lyrics']);
  });
});
