import type { LyricsTrack } from '../../../contract/lyrics';
import { lyricsPlainText, lyricsTracks, lyricsTrackOfText, storedLyrics } from './songLyrics';

const synced = (lang = 'xxx', offsetMs = 0): LyricsTrack => ({
  lang,
  synced: true,
  offsetMs,
  lines: [
    { startMs: 500, text: 'Hello there' },
    { startMs: 900, text: '' },
    { startMs: 1250, text: 'Goodbye now' },
  ],
});
const plain = (lang = 'xxx', text = 'Hello there\nGoodbye now'): LyricsTrack => lyricsTrackOfText(text, lang)!;

describe('song lyrics as stored, and every set read back', () => {
  it('reads rows of the old shape: synced lines as one set, plain text as one when there are no synced lines', () => {
    expect(lyricsTracks({ plain: 'la\nla', synced: [{ timeMs: 1500, text: 'la' }] })).toEqual([
      { lang: 'xxx', synced: true, offsetMs: 0, lines: [{ startMs: 1500, text: 'la' }] },
    ]);
    expect(lyricsTracks({ plain: 'la la la' })).toEqual([{ lang: 'xxx', synced: false, offsetMs: 0, lines: [{ text: 'la la la' }] }]);
    expect(lyricsTracks(null)).toEqual([]);
  });

  it('reads an old row whose plain text is LRC (a USLT frame read before LRC was recognised) as synced', () => {
    expect(lyricsTracks({ plain: '[00:00.50]Hello there' })).toEqual([
      { lang: 'xxx', synced: true, offsetMs: 0, lines: [{ startMs: 500, text: 'Hello there' }] },
    ]);
  });

  it('stores one synced set in no language, without offset, in the old shape, with its words as the plain text', () => {
    const stored = storedLyrics([synced()]);
    expect(stored).toEqual({
      synced: [
        { timeMs: 500, text: 'Hello there' },
        { timeMs: 900, text: '' },
        { timeMs: 1250, text: 'Goodbye now' },
      ],
      plain: 'Hello there\nGoodbye now',
    });
    expect(lyricsTracks(stored)).toEqual([synced()]);
    expect(storedLyrics([plain()])).toEqual({ plain: 'Hello there\nGoodbye now' });
    expect(storedLyrics([plain(), synced()])).toEqual(stored);
  });

  it('stores sets the old shape cannot say as tracks, synced first, the first plain set as the plain text', () => {
    for (const sets of [
      [synced('eng')],
      [synced('xxx', 250)],
      [synced('eng'), synced('deu')],
      [plain('xxx', 'Other words'), synced()],
      [plain('eng'), plain('deu', 'Hallo')],
    ]) {
      const stored = storedLyrics(sets);
      expect(stored?.tracks).toEqual([...sets.filter((s) => s.synced), ...sets.filter((s) => !s.synced)]);
      expect(lyricsTracks(stored)).toEqual(stored?.tracks);
    }
    expect(storedLyrics([plain('eng', 'Words'), synced('deu')])?.plain).toBe('Words');
  });

  it('keeps the .lrc file it read, even when it held no lyrics', () => {
    const lrcFile = { sizeBytes: 10, mtimeMs: 1 };
    expect(storedLyrics([], lrcFile)).toEqual({ lrcFile });
    expect(lyricsTracks({ lrcFile })).toEqual([]);
    expect(storedLyrics([])).toBeNull();
  });
});

describe('lyricsTrackOfText', () => {
  it("takes an LRC's [la:] when the source names no language, and the source's language over it", () => {
    const lrc = '[la:fr]\n[00:01.00]Bonjour';
    expect(lyricsTrackOfText(lrc, 'xxx')).toMatchObject({ lang: 'fr', synced: true, lines: [{ startMs: 1000, text: 'Bonjour' }] });
    expect(lyricsTrackOfText(lrc, 'fra')?.lang).toBe('fra');
    expect(lyricsTrackOfText('[00:01.00]Hello', 'xxx')?.lang).toBe('xxx');
  });
});

describe('lyricsPlainText', () => {
  it('answers the stored plain text, else the words of the sets (an old row keeping LRC as plain included)', () => {
    expect(lyricsPlainText({ plain: 'First line\n\tindented', synced: [{ timeMs: 1, text: 'x' }] })).toBe('First line\n\tindented');
    expect(lyricsPlainText({ plain: '[00:00.50]Hello\n[00:01.00]\n[00:02.00]Bye' })).toBe('Hello\nBye');
    expect(lyricsPlainText({ synced: [{ timeMs: 1, text: 'Only synced' }] })).toBe('Only synced');
    expect(lyricsPlainText(null)).toBe('');
  });
});
