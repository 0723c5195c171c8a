import { mkdirSync } from 'node:fs';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/testApp';
import { sineSong } from '../test/streamKit';
import { SAMPLE_RATE, type TitleMark } from './pcm';
import { OFF_AIR_TITLE } from './schedule';
import { stationSongs } from './stationSongs';
import { stationSourceFactory } from './stationSource';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  mkdirSync(t.config.mediaDir, { recursive: true });
});
afterAll(async () => t.close());

const framesOf = (ms: number) => Math.round((ms * SAMPLE_RATE) / 1000);

const asAdmin = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: admin.headers, ...(payload ? { payload } : {}) });

/** The station's stream as the encoder will read it: the radio service's snapshot, the library's files. */
describe('the station source on the radio service', () => {
  it('plays what the station plays and follows an admin’s skip at the next read', async () => {
    const first = await sineSong(t, 'First', 440, 4);
    const second = await sineSong(t, 'Second', 880, 4);
    await asAdmin('/api/radio/queue', { songId: first.id });
    await asAdmin('/api/radio/queue', { songId: second.id });
    const source = stationSourceFactory({
      snapshot: () => t.app.radio.liveSnapshot(),
      resolve: stationSongs(t.app.db, t.config),
      log: t.app.log,
      now: () => t.clock.now,
    })(t.clock.now);
    const left: number[] = [];
    const marks: TitleMark[] = [];
    const read = async (blocks: number) => {
      for (let b = 0; b < blocks; b += 1) {
        const got = await source.read(4410);
        for (let i = 0; i < 4410; i += 1) left.push(got.pcm.readInt16LE(i * 4));
        marks.push(...got.marks);
      }
    };
    try {
      await read(2);
      expect((await asAdmin('/api/radio/toggle')).json()).toEqual({ success: true, isRadioActive: true });
      await read(8);
      // the admin skips 1 s into the stream: the second song plays from the next read on, from its start
      t.clock.now += 1_000;
      expect((await asAdmin('/api/radio/skip')).statusCode).toBe(200);
      await read(5);
    } finally {
      await source.close();
    }
    const at = (ms: number) => left.slice(framesOf(ms), framesOf(ms + 100));
    const upward = (from: number, to: number) => {
      const found: number[] = [];
      for (let i = Math.max(from, 1); i < to; i += 1) if (left[i - 1] < 0 && left[i] >= 0) found.push(i);
      return found;
    };
    const crossingsIn = (samples: number[]) => samples.filter((s, i) => i > 0 && samples[i - 1] < 0 && s >= 0).length;
    // frames 0-0.2 s: read off air; then the first song from the toggle's start (the same clock time as frame 0): 0.2 s in
    expect(at(0).every((s) => s === 0)).toBe(true);
    // 440 Hz, then 880 Hz: 44 and 88 upward crossings in 100 ms, give or take the phase
    expect(Math.abs(crossingsIn(at(500)) - 44)).toBeLessThanOrEqual(1);
    expect(Math.abs(crossingsIn(at(1_200)) - 88)).toBeLessThanOrEqual(1);
    // where the crossings first come 50 frames apart (880 Hz) rather than 100
    const c = upward(framesOf(900), framesOf(1_100));
    const rise = c.findIndex((x, i) => i > 1 && x - c[i - 1] < 75 && c[i - 1] - c[i - 2] > 75);
    const switchFrame = c[rise - 1];
    expect(Math.abs(switchFrame - framesOf(1_000))).toBeLessThan(framesOf(20));
    expect(marks).toEqual([
      { frame: 0, title: OFF_AIR_TITLE },
      { frame: framesOf(200), title: 'Tone - First' },
      { frame: framesOf(1_000), title: 'Tone - Second' },
    ]);
  });
});
