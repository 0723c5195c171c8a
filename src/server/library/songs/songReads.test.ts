import { songs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/testApp';
import { songKeys } from '../songKeys';
import { findSong, listSongs, type ListSongsInput } from './songQueries';
import { songReads } from './songReads';

/** The compiled reads answer exactly what listSongs and findSong answer, for every shape of a page. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const titles = ['Harbor Lights', 'Harbor Song', 'River Run', 'Élan Harbor', '100% Harbor', 'Quiet Night'];
  await t.app.db.insert(songs).values(
    titles.map((title, i) => ({
      title,
      artist: `Artist ${i}`,
      durationMs: 60_000 + i * 1000,
      path: `${i}.mp3`,
      mimeType: 'audio/mpeg',
      sizeBytes: 1000,
      ...songKeys(title, `Artist ${i}`),
    })),
  );
});
afterAll(async () => t?.close());

it('pages as listSongs does: all, searched, after a cursor, both, and with a duration filter', async () => {
  const reads = songReads(t.app.db);
  const [first] = await listSongs(t.app.db, { limit: 1 });
  const inputs: ListSongsInput[] = [
    { limit: 50 },
    { limit: 2 },
    { search: 'harbor', limit: 50 },
    { search: 'HARBOR', limit: 2 },
    { search: '100%', limit: 50 },
    { search: 'nothing here', limit: 50 },
    { limit: 50, after: { sortKey: first.sortKey, id: first.id } },
    { search: 'harbor', limit: 50, after: { sortKey: first.sortKey, id: first.id } },
    { search: 'harbor', limit: 50, minDuration: 62 },
  ];
  for (const input of inputs) {
    const expected = await listSongs(t.app.db, input);
    expect({ input, rows: await reads.list(input) }).toEqual({ input, rows: expected });
  }
  expect((await reads.list({ search: 'harbor', limit: 50 })).map((r) => r.title)).toHaveLength(4);
});

it('reads one song by id with the columns of a Song, undefined for an unknown id', async () => {
  const reads = songReads(t.app.db);
  const [row] = await listSongs(t.app.db, { search: 'river', limit: 1 });
  const full = await findSong(t.app.db, row.id);
  const one = await reads.song(row.id);
  expect(one).toBeDefined();
  for (const [key, value] of Object.entries(one!)) expect([key, value]).toEqual([key, full![key as keyof typeof full]]);
  expect(await reads.song('00000000-0000-4000-8000-000000000000')).toBeUndefined();
});
