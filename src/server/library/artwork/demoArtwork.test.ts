import { sql } from 'drizzle-orm';
import { DEMO_TRACKS } from '../demo/catalogue';
import { seedDemoLibrary } from '../demo/seedDemoLibrary';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { artworkUrlOf, placeholderHash, placeholderHashSql } from './hashes';
import { initialsOf } from './placeholderSvg';
import { inspect } from './test/images';

// the demo renders and encodes its tracks: more than jest's default 5 s
const SLOW = 90_000;

let t: TestApp;
let listener: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoLibrary({ db: t.app.db, mediaDir: t.config.mediaDir, log: { info: () => {} } });
  listener = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

describe('generated artwork', () => {
  it('gives every demo song a generated cover drawn from its title, served as a JPEG', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/songs?limit=200', headers: listener.headers });
    const demo = res.json().songs as { title: string; artworkUrl: string }[];
    expect(demo).toHaveLength(DEMO_TRACKS.length);
    for (const song of demo) expect(song.artworkUrl).toBe(artworkUrlOf(placeholderHash(song.title)));
    expect(new Set(demo.map((s) => s.artworkUrl)).size).toBe(DEMO_TRACKS.length);
    const art = await t.app.inject({ method: 'GET', url: `${demo[0].artworkUrl}?size=300`, headers: listener.headers });
    expect(art.statusCode).toBe(200);
    const image = await inspect(art.rawPayload, 5, 5);
    expect(image).toMatchObject({ width: 300, height: 300, format: 'jpeg' });
    // a gradient, not a blank square
    const far = await inspect(art.rawPayload, 295, 295);
    expect(image.pixel).not.toEqual(far.pixel);
  });

  it('computes the same placeholder hash in SQL as in JavaScript (migration 0006 and the artwork pass rely on it)', async () => {
    for (const label of ['Nothing Here', 'Ünïcødé — 東京', "O'Brien & Sons"]) {
      const result = await t.app.db.execute(sql`select ${placeholderHashSql(sql`${label}::text`)} as hash`);
      expect((result as unknown as { rows: { hash: string }[] }).rows[0].hash).toBe(placeholderHash(label));
    }
  });

  it('draws the initials of a name in any script', () => {
    expect(initialsOf('Kind of Blue')).toBe('KB');
    expect(initialsOf('élan')).toBe('É');
    expect(initialsOf('東京 story')).toBe('東S');
    expect(initialsOf('!!!')).toBe('♪');
  });
});
