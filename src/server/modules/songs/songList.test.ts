import { randomUUID } from 'node:crypto';
import { streamCookieHeader } from './test/streamCookieHeader';
import { addSong, listener, search, t, type SongJson, useSongsTestApp } from './test/songsApp';

/** Listing, searching and reading songs: GET /api/songs and GET /api/songs/:id. */
useSongsTestApp();

describe('GET /api/songs', () => {
  beforeAll(async () => {
    await addSong('Élan Vital Qx', 'Zoë Brontë', 61_000);
    await addSong('Northern Qx Lights', 'Sigur Åberg', 62_000);
    await addSong('Plain Qx', 'Nobody Special', 63_000);
    await addSong('100% Qx Pure', 'Under_Score', 64_000);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/songs' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
  });

  it('finds songs by title, ignoring case and accents', async () => {
    const { status, body } = await search({ search: 'ELAN vital' });
    expect(status).toBe(200);
    expect(body.songs.map((s) => s.title)).toEqual(['Élan Vital Qx']);
    expect((await search({ search: 'élan' })).body.songs.map((s) => s.title)).toEqual(['Élan Vital Qx']);
  });

  it('finds songs by artist, ignoring case and accents', async () => {
    expect((await search({ search: 'zoe bronte' })).body.songs.map((s) => s.title)).toEqual(['Élan Vital Qx']);
    expect((await search({ search: 'ABERG' })).body.songs.map((s) => s.artist)).toEqual(['Sigur Åberg']);
  });

  it('takes % and _ literally', async () => {
    expect((await search({ search: '100%' })).body.songs.map((s) => s.title)).toEqual(['100% Qx Pure']);
    expect((await search({ search: 'under_score' })).body.songs.map((s) => s.artist)).toEqual(['Under_Score']);
    expect((await search({ search: 'r%s' })).body.songs).toEqual([]);
  });

  it('answers each song with the product fields and a stream URL that carries no token', async () => {
    const { body } = await search({ search: 'plain qx' });
    expect(body.success).toBe(true);
    const [song] = body.songs;
    // issue 14: songs gain the library fields and an artwork URL (an upload without artwork: null); issue 16: their ReplayGain tags
    expect(Object.keys(song).sort()).toEqual([
      'album',
      'albumArtist',
      'albumId',
      'artist',
      'artists',
      'artworkUrl',
      'bitRate',
      'codec',
      'createdAt',
      'discNumber',
      'duration',
      'genres',
      'id',
      'path',
      'playable',
      'publicUrl',
      'replayGain',
      'title',
      'trackNumber',
      'unplayableReason',
      'year',
    ]);
    expect(song.artworkUrl).toBeNull();
    expect(song.duration).toBe(63);
    expect(song.publicUrl).toBe(`/api/songs/stream/${song.id}`);
    expect(body.nextCursor).toBeNull();
  });

  it('pages through the library in a stable order without duplicates or gaps', async () => {
    const titles = Array.from({ length: 23 }, (_, i) => `Pagewalk ${String.fromCharCode(65 + (i % 5))} ${i}`);
    // two songs with the same title: the id breaks the tie
    titles.push('Pagewalk A 0');
    const inserted = [];
    for (const title of titles) inserted.push(await addSong(title, 'Pager'));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string | number> = { search: 'pagewalk', limit: 5 };
      if (cursor) query.cursor = cursor;
      const { status, body } = await search(query);
      expect(status).toBe(200);
      expect(body.songs.length).toBeLessThanOrEqual(5);
      seen.push(...body.songs.map((s) => s.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(inserted.map((r) => r.id).sort());
    // the order is the library order: sort key, then id
    const expected = [...inserted].sort((a, b) => (a.sortKey === b.sortKey ? (a.id < b.id ? -1 : 1) : a.sortKey < b.sortKey ? -1 : 1)).map((r) => r.id);
    expect(seen).toEqual(expected);
  });

  it('filters by duration, bounds included', async () => {
    for (const [title, ms] of [
      ['Durtest Short', 59_000],
      ['Durtest Min', 60_000],
      ['Durtest Max', 180_000],
      ['Durtest Max Rounded', 180_400],
      ['Durtest Long', 181_000],
    ] as const) {
      await addSong(title, 'Timer', ms);
    }
    const { body } = await search({ search: 'durtest', minDuration: 60, maxDuration: 180 });
    expect(body.songs.map((s) => s.title).sort()).toEqual(['Durtest Max', 'Durtest Max Rounded', 'Durtest Min']);
    expect((await search({ search: 'durtest', minDuration: 181 })).body.songs.map((s) => s.title)).toEqual(['Durtest Long']);
    expect((await search({ search: 'durtest', maxDuration: 59 })).body.songs.map((s) => s.title)).toEqual(['Durtest Short']);
  });

  it('refuses a cursor it did not make and a bad limit', async () => {
    expect((await search({ cursor: 'not-a-cursor' })).status).toBe(400);
    expect((await search({ limit: 0 })).status).toBe(400);
    expect((await search({ limit: 1000 })).status).toBe(400);
  });
});

describe('GET /api/songs/:id', () => {
  it('answers the song with its stream URL, 404 for an unknown or malformed id', async () => {
    const row = await addSong('Single Lookup', 'One', 60_000, { extension: 'wav', bytes: Buffer.from('RIFF') });
    const res = await t.app.inject({ method: 'GET', url: `/api/songs/${row.id}`, headers: listener.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; song: SongJson };
    expect(body.song).toMatchObject({ id: row.id, title: 'Single Lookup', artist: 'One', duration: 60 });
    const stream = await t.app.inject({ method: 'HEAD', url: body.song.publicUrl, headers: await streamCookieHeader(t.app, listener) });
    expect(stream.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/songs/${randomUUID()}`, headers: listener.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/songs/nope', headers: listener.headers })).statusCode).toBe(404);
  });
});
