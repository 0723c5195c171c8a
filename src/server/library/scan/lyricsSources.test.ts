import { rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema';
import type { TestApp } from '../../test/testApp';
import { makeMp3WithFrames, syltFrame, textFrame, usltFrame } from '../lyrics/test/id3Lyrics';
import { lyricsTracks } from '../lyrics/songLyrics';
import { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } from './test/makeTracks';
import { createScanApp, scanFoldersNow, scanNow } from './test/scanApp';

/** Every source of lyrics (docs/product.md §5.8), read by a real scan of real files. */

let t: TestApp;
let root: string;

const tags = (title: string) => [textFrame('TIT2', title), textFrame('TPE1', 'Lyricist'), textFrame('TALB', 'Sources')];
const HELLO = '[00:00.50]Hello there\n[00:01.25]Goodbye now';

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    await makeMp3WithFrames(
      root,
      'Id3/uslt.mp3',
      [...tags('Uslt Lrc'), usltFrame('eng', HELLO), usltFrame('deu', '[00:00.50]Hallo du\n[00:01.25]Auf Wiedersehen')],
      500,
    );
    await makeMp3WithFrames(root, 'Id3/plain.mp3', [...tags('Uslt Plain'), usltFrame('eng', 'Just words\nno times at all')], 510);
    await makeMp3WithFrames(
      root,
      'Id3/sylt.mp3',
      [
        ...tags('Sylt Ms'),
        syltFrame('eng', [
          [1500, 'Later'],
          [200, 'First'],
        ]),
      ],
      520,
    );
    // 38 MPEG frames of 1,152 samples at 44.1 kHz: 992.65 ms
    await makeMp3WithFrames(root, 'Id3/frames.mp3', [...tags('Sylt Frames'), syltFrame('xxx', [[38, 'At a frame']], 1)], 530);
    await makeTrack(root, 'Vorbis/lrc.flac', {
      format: 'flac',
      frequency: 540,
      tags: { title: 'Flac Lrc', artist: 'Lyricist', album: 'Sources', LYRICS: '[ar:Lyricist]\n[00:02.00][00:00.40]Twice\n[00:01.00]Once' },
    });
    await makeTrack(root, 'Beside/song.mp3', { frequency: 550, tags: { title: 'Beside', artist: 'Lyricist', album: 'Sources' } });
    await writeFile(
      path.join(root, 'Beside/song.lrc'),
      '[ti:Beside]\r\n[offset:+250]\r\n[00:00.30]From the file\r\n[00:00.90]\r\n[00:01.10]Still the file\r\n',
    );
    await makeMp3WithFrames(root, 'Twice/song.mp3', [...tags('Twice'), usltFrame('eng', 'Plain words'), usltFrame('XXX', HELLO)], 570);
    await writeFile(path.join(root, 'Twice/song.lrc'), HELLO);
    await makeTrack(root, 'Later/song.mp3', { frequency: 560, tags: { title: 'Later', artist: 'Lyricist', album: 'Sources' } });
  }
  t = await createScanApp(root);
  if (HAS_FFMPEG) await scanNow(t);
}, 60_000);
afterAll(async () => t?.close());

async function setsOf(title: string) {
  const [row] = await t.app.db.select({ lyrics: songs.lyrics }).from(songs).where(eq(songs.title, title));
  return lyricsTracks(row.lyrics);
}

const timed = (...lines: [number, string][]) => lines.map(([startMs, text]) => ({ startMs, text }));

describeWithFfmpeg('lyrics sources of a scan (docs/product.md §5.8)', () => {
  it('reads LRC in USLT frames as synced, one set per language', async () => {
    expect(await setsOf('Uslt Lrc')).toEqual([
      { lang: 'eng', synced: true, offsetMs: 0, lines: timed([500, 'Hello there'], [1250, 'Goodbye now']) },
      { lang: 'deu', synced: true, offsetMs: 0, lines: timed([500, 'Hallo du'], [1250, 'Auf Wiedersehen']) },
    ]);
  });

  it('keeps a USLT frame without timestamps plain', async () => {
    expect(await setsOf('Uslt Plain')).toEqual([{ lang: 'eng', synced: false, offsetMs: 0, lines: [{ text: 'Just words' }, { text: 'no times at all' }] }]);
  });

  it('reads a SYLT frame in ms sorted, and one in MPEG frames converted to ms', async () => {
    expect(await setsOf('Sylt Ms')).toEqual([{ lang: 'eng', synced: true, offsetMs: 0, lines: timed([200, 'First'], [1500, 'Later']) }]);
    expect(await setsOf('Sylt Frames')).toEqual([{ lang: 'xxx', synced: true, offsetMs: 0, lines: timed([993, 'At a frame']) }]);
  });

  it("reads LRC in a FLAC's LYRICS comment, a line of two timestamps at each", async () => {
    expect(await setsOf('Flac Lrc')).toEqual([{ lang: 'xxx', synced: true, offsetMs: 0, lines: timed([400, 'Twice'], [1000, 'Once'], [2000, 'Twice']) }]);
  });

  it('reads the .lrc beside the file with its [offset:], blank timed lines kept as pauses', async () => {
    expect(await setsOf('Beside')).toEqual([
      { lang: 'xxx', synced: true, offsetMs: 250, lines: timed([300, 'From the file'], [900, ''], [1100, 'Still the file']) },
    ]);
  });

  it('keeps the same words in the .lrc and the tags once, synced sets before plain ones', async () => {
    expect(await setsOf('Twice')).toEqual([
      { lang: 'xxx', synced: true, offsetMs: 0, lines: timed([500, 'Hello there'], [1250, 'Goodbye now']) },
      { lang: 'eng', synced: false, offsetMs: 0, lines: [{ text: 'Plain words' }] },
    ]);
  });

  it('follows a .lrc added, changed and removed beside an untouched file, in full and targeted rescans', async () => {
    const lrc = path.join(root, 'Later/song.LRC');
    expect(await setsOf('Later')).toEqual([]);

    await writeFile(lrc, '[00:01.00]Added later');
    let result = await scanNow(t);
    expect(result.counters).toMatchObject({ changed: 1, tagsRead: 1 });
    expect(await setsOf('Later')).toEqual([{ lang: 'xxx', synced: true, offsetMs: 0, lines: timed([1000, 'Added later']) }]);

    // changed to the same size: the mtime tells
    await writeFile(lrc, '[00:02.00]Changed now');
    await utimes(lrc, new Date(), new Date(Date.now() + 5000));
    result = await scanFoldersNow(t, [path.join(root, 'Later')]);
    expect(result.counters).toMatchObject({ changed: 1, tagsRead: 1 });
    expect(await setsOf('Later')).toEqual([{ lang: 'xxx', synced: true, offsetMs: 0, lines: timed([2000, 'Changed now']) }]);

    // a targeted scan of the audio file alone takes its .lrc with it: nothing changed
    result = await scanFoldersNow(t, [path.join(root, 'Later/song.mp3')]);
    expect(result.counters).toMatchObject({ changed: 0, unchanged: 1, tagsRead: 0 });

    await rm(lrc);
    result = await scanFoldersNow(t, [path.join(root, 'Later')]);
    expect(result.counters).toMatchObject({ changed: 1, tagsRead: 1 });
    expect(await setsOf('Later')).toEqual([]);

    result = await scanNow(t);
    expect(result.counters).toMatchObject({ changed: 0, tagsRead: 0, rowsWritten: 0 });
  });
});
