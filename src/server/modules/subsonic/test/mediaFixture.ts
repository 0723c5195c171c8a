/** The Subsonic fixture the media tests share, one per test file, over scanned tracks made with ffmpeg, and the calls they make on it. */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { songs } from '../../../db/schema';
import { BLUE, RED, writeTwoColourPng } from '../../../library/artwork/test/images';
import { makeMp3WithFrames, textFrame, usltFrame } from '../../../library/lyrics/test/id3Lyrics';
import { HAS_FFMPEG, makeTrack } from '../../../library/scan/test/makeTracks';
import { scanNow } from '../../../library/scan/test/scanApp';
import type { LiveTranscodes } from '../../../library/transcode/liveTranscodes';
import { subsonicFixture, type SubsonicFixture } from './subsonicFixture';

const run = promisify(execFile);

export let fx: SubsonicFixture;
export let root: string;
/** the app's own count of live transcodes */
export let liveTranscodes: LiveTranscodes;

/** Starts the file's fixture and makes its tracks before its tests, closes it after them: call once at the top of a test file. */
export function useMediaFixture(): void {
  beforeAll(async () => {
    fx = await subsonicFixture();
    root = fx.t.config.musicDirs[0];
    liveTranscodes = fx.t.app.liveTranscodes;
    if (HAS_FFMPEG) {
      const cover = await writeTwoColourPng(path.join(root, '.art/cover.png'), RED, BLUE);
      await makeTrack(root, 'Words/sung.flac', {
        format: 'flac',
        frequency: 700,
        cover,
        tags: { title: 'Sung', artist: 'Singer', album: 'Words', LYRICS: '[00:00.50]Hello there\n[00:01.25]Goodbye now' },
      });
      await makeTrack(root, 'Words/said.flac', {
        format: 'flac',
        frequency: 720,
        tags: { title: 'Said', artist: 'Singer', album: 'Words', LYRICS: 'First line\nSecond line' },
      });
      // two languages: an English LRC with its own offset in a USLT frame, German plain text in another
      await makeMp3WithFrames(
        root,
        'Languages/both.mp3',
        [
          textFrame('TIT2', 'Both Tongues'),
          textFrame('TPE1', 'Singer'),
          textFrame('TALB', 'Languages'),
          usltFrame('eng', '[offset:+250]\n[00:00.50]Hello there\n[00:01.25]Goodbye now'),
          usltFrame('deu', 'Hallo du\nAuf Wiedersehen'),
        ],
        730,
      );
      await makeTrack(root, 'Long/long.flac', { format: 'flac', seconds: 600, frequency: 500, tags: { title: 'Long One', artist: 'Slow', album: 'Long' } });
      await makeTrack(root, 'Apple/lossless.m4a', { format: 'alac', frequency: 900, tags: { title: 'Lossless', artist: 'Apple', album: 'Lossless' } });
      await makeTrack(root, 'Apple/tone.aiff', { format: 'aiff', frequency: 950, tags: { title: 'Aiff Tone', artist: 'Apple', album: 'Aiff' } });
      await scanNow(fx.t);
    }
  }, 180_000);
  afterAll(async () => fx?.close());
}

export const songRow = async (title: string) => {
  const [row] = await fx.t.app.db.select().from(songs).where(eq(songs.title, title));
  if (!row?.filePath) throw new Error(`no scanned song ${title}`);
  return { ...row, filePath: row.filePath };
};

/** A raw request with headers (the client cannot send Range or HEAD); not recorded, since 206/416 bodies are no Subsonic JSON. */
export const rawFetch = (method: string, params: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${fx.baseUrl}/rest/${method}?${new URLSearchParams(fx.tokenParams('listener', { f: 'json', ...params }) as Record<string, string>)}`, init);

export const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

export async function probe(bytes: Buffer): Promise<{ codec: string; bitRate: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wavelength-probe-'));
  const file = path.join(dir, 'out');
  await writeFile(file, bytes);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name:format=bit_rate', '-of', 'json', file]);
  const info = JSON.parse(stdout);
  return { codec: info.streams[0].codec_name, bitRate: Number(info.format.bit_rate) };
}
