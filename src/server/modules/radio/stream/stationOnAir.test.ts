import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { SubsonicAPI } from 'subsonic-api';
import { describeWithFfmpeg } from '../../../library/scan/test/makeTracks';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/testApp';
import { decodeMp3, record, secondsBefore, sineSong, splitIcy, type Recording } from '../test/streamKit';
import { SAMPLE_RATE } from './pcm';

/**
 * The "must show": a Subsonic app's radio entry playing. The app runs on real time (its
 * clock follows Date.now), two songs are real FLAC files of 440 Hz and 880 Hz, the station plays
 * them, and the stream is read through the URL getInternetRadioStations gives: by ffmpeg (the
 * library mpv uses), and by a recorder timing every byte with the ICY titles in it.
 */
const LOW_SECONDS = 6;
const HIGH_SECONDS = 3;
/** the second listener joins this long after the station starts: its burst is whole (64 KiB) */
const JOIN_AFTER_MS = 4_500;
const TITLE_OFF_MAX_MS = 250;
/** the bytes of the live edge run ahead of the schedule by the encoder's lead (250 ms), less its latency (and a busy machine's) */
const LIVE_EDGE_MS = { min: -300, max: 750 };
/** what a listener hears lags the schedule by its burst's length (docs/product.md §4.5), give or take */
const HEARD_VS_BURST_MS = 500;
const BYTES_PER_SECOND = 16_000;

let t: TestApp;
let admin: TestUser;
let listener: TestUser;
let baseUrl: string;
let pump: NodeJS.Timeout;

beforeAll(async () => {
  t = await createTestApp({ env: { RADIO_STREAM_IDLE_S: '1' } });
  pump = setInterval(() => (t.clock.now = Date.now()), 5);
  admin = await createUser(t, { role: 'admin' });
  listener = await createUser(t);
  mkdirSync(t.config.mediaDir, { recursive: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  clearInterval(pump);
  await t?.close();
});

async function subsonicApp(user: TestUser): Promise<SubsonicAPI> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/subsonic/keys',
    headers: user.headers,
    payload: { name: 'phone', currentPassword: user.password },
  });
  expect(created.statusCode).toBe(201);
  return new SubsonicAPI({ url: baseUrl, auth: { apiKey: created.json().apiKey as string } });
}

/** ffmpeg reads `url` for `seconds` of audio into mono PCM; its exit code and what it decoded. */
function ffmpegPlays(url: string, seconds: number): Promise<{ code: number; samples: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'ffmpeg',
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-t', String(seconds), '-i', url, '-ac', '1', '-f', 's16le', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, samples: stdout.length / 2, stderr: String(stderr) }),
    );
  });
}

/**
 * The first 10 ms window from `from` on where a tone (not the hiss a codec makes of silence) between
 * `aboveHz` and `belowHz` begins and holds 50 ms, by its zero crossings; -1 if none.
 */
function toneAt(samples: Int16Array, aboveHz: number, from = 0, belowHz = Number.POSITIVE_INFINITY): number {
  const window = SAMPLE_RATE / 100;
  // a tone holds for HOLD windows in a row: a click where the stream starts (many crossings in one window) is not one
  const HOLD = 5;
  let held = 0;
  for (let start = from; start + window <= samples.length; start += window) {
    let crossings = 0;
    let energy = 0;
    for (let i = start + 1; i < start + window; i++) {
      if (samples[i - 1] < 0 !== samples[i] < 0) crossings += 1;
      energy += samples[i] * samples[i];
    }
    const hz = crossings * 50;
    held = Math.sqrt(energy / window) > 1000 && hz > aboveHz && hz < belowHz ? held + 1 : 0;
    if (held === HOLD) return start - (HOLD - 1) * window;
  }
  return -1;
}

/** The wall time (performance.now) the recording received byte `offset` of its audio (ICY blocks left out). */
function arrivalOfAudioByte(recording: Recording, offset: number, metaint: number): number {
  let audioSeen = 0;
  let streamSeen = 0;
  for (const chunk of recording.chunks) {
    streamSeen += chunk.bytes.length;
    // an ICY stream carries one metadata block (at least its length byte) per metaint audio bytes: close enough for a bound
    audioSeen = streamSeen - Math.floor(streamSeen / (metaint + 1));
    if (audioSeen > offset) return chunk.at;
  }
  return Number.NaN;
}

/** The audio bytes that came at once with the first one (within 50 ms): the burst. */
function burstBytes(recording: Recording, metaint: number): number {
  const first = recording.chunks[0].at;
  const bytes = recording.chunks.filter((c) => c.at - first < 50).reduce((sum, c) => sum + c.bytes.length, 0);
  return bytes - Math.floor(bytes / (metaint + 1));
}

describeWithFfmpeg('the station on every speaker', () => {
  it('a Subsonic app’s radio entry plays: ffmpeg reads its streamUrl for 10 s and exits 0; the tracks change on the stream when the schedule says, the title with them', async () => {
    const low = await sineSong(t, 'Low', 440, LOW_SECONDS);
    const high = await sineSong(t, 'High', 880, HIGH_SECONDS);
    for (const song of [low, high])
      expect((await t.app.inject({ method: 'POST', url: '/api/radio/queue', headers: admin.headers, payload: { songId: song.id } })).statusCode).toBe(200);
    const app = await subsonicApp(listener);
    expect((await app.getInternetRadioStations()).internetRadioStations).toEqual({});

    expect((await t.app.inject({ method: 'POST', url: '/api/radio/toggle', headers: admin.headers })).json()).toMatchObject({ isRadioActive: true });
    const startedAt = (await t.app.inject({ method: 'GET', url: '/api/radio/queue', headers: listener.headers })).json().startedAt as number;
    const boundaryAt = performance.now() + (startedAt + LOW_SECONDS * 1000 - Date.now());
    const [station] = (await app.getInternetRadioStations()).internetRadioStations.internetRadioStation ?? [];
    expect(station).toMatchObject({ name: 'Wavelength Radio', streamUrl: expect.stringMatching(/\/api\/radio\/live\?listen=/) });

    const playing = ffmpegPlays(station.streamUrl, 10);
    await new Promise((resolve) => setTimeout(resolve, JOIN_AFTER_MS));
    const icy = await record(station.streamUrl, { 'Icy-MetaData': '1' });
    let played: Awaited<typeof playing>;
    try {
      played = await playing;
      expect(icy.status).toBe(200);
      expect(icy.headers['content-type']).toBe('audio/mpeg');
      expect(played).toMatchObject({ code: 0, stderr: '' });
      expect(played.samples).toBeGreaterThanOrEqual(9.9 * SAMPLE_RATE);
    } finally {
      icy.close();
    }

    const metaint = Number(icy.headers['icy-metaint']);
    const { audio, titles } = splitIcy(icy.bytes());
    expect(titles.map((x) => x.title)).toEqual(expect.arrayContaining(['Tone - Low', 'Tone - High']));
    const samples = await decodeMp3(audio);
    const lowTone = toneAt(samples, 300, 0, 660);
    expect(lowTone).toBeGreaterThanOrEqual(0);
    const change = toneAt(samples, 660, lowTone);
    expect(change).toBeGreaterThan(lowTone);
    // the audio byte where the change sounds: whole MP3 frames before it
    const changeSeconds = change / SAMPLE_RATE;
    const titleAt = titles.find((x) => x.title === 'Tone - High')!.at;
    const titleSeconds = secondsBefore(audio, titleAt);
    const liveEdgeMs = arrivalOfAudioByte(icy, Math.round(changeSeconds * BYTES_PER_SECOND), metaint) - boundaryAt;
    // a player plays from its first byte on, in real time: it hears the change this long after the schedule
    const heardMs = icy.chunks[0].at + changeSeconds * 1000 - boundaryAt;
    const burstMs = (burstBytes(icy, metaint) / BYTES_PER_SECOND) * 1000;
    console.log(
      `STREAM-FIGURE through getInternetRadioStations: the 880 Hz track's bytes reached a listener ${liveEdgeMs.toFixed(0)} ms from its scheduled start (the live edge); a listener who joined ${JOIN_AFTER_MS} ms into the first track hears it ${heardMs.toFixed(0)} ms after the schedule (its burst: ${burstMs.toFixed(0)} ms of audio); its StreamTitle sits ${((titleSeconds - changeSeconds) * 1000).toFixed(1)} ms from the audio change; ffmpeg decoded ${(played.samples / SAMPLE_RATE).toFixed(2)} s and exited ${played.code}`,
    );
    expect(Math.abs(titleSeconds - changeSeconds) * 1000).toBeLessThanOrEqual(TITLE_OFF_MAX_MS);
    expect(liveEdgeMs).toBeGreaterThanOrEqual(LIVE_EDGE_MS.min);
    expect(liveEdgeMs).toBeLessThanOrEqual(LIVE_EDGE_MS.max);
    expect(Math.abs(heardMs - burstMs)).toBeLessThanOrEqual(HEARD_VS_BURST_MS);
  }, 60_000);
});
