import type { LyricsTrack } from '../../../contract/lyrics';
import { currentLineIndex, lineSeekSeconds } from './currentLine';

const synced = (offsetMs: number, starts: number[]): LyricsTrack => ({
  lang: 'eng',
  synced: true,
  offsetMs,
  lines: starts.map((startMs, i) => ({ startMs, text: `line ${i}` })),
});

describe('currentLineIndex', () => {
  const track = synced(0, [1000, 5000, 9000]);

  it('is none before the first line shows', () => {
    expect(currentLineIndex(track, 0)).toBe(-1);
    expect(currentLineIndex(track, 999)).toBe(-1);
  });

  it('is the last line shown at or before now', () => {
    expect(currentLineIndex(track, 1000)).toBe(0);
    expect(currentLineIndex(track, 4999)).toBe(0);
    expect(currentLineIndex(track, 5000)).toBe(1);
    expect(currentLineIndex(track, 8999)).toBe(1);
    expect(currentLineIndex(track, 9000)).toBe(2);
    expect(currentLineIndex(track, 600_000)).toBe(2);
  });

  it('applies the offset: a positive offset shows every line sooner, a negative one later', () => {
    const sooner = synced(500, [1000, 5000]);
    expect(currentLineIndex(sooner, 499)).toBe(-1);
    expect(currentLineIndex(sooner, 500)).toBe(0);
    expect(currentLineIndex(sooner, 4500)).toBe(1);
    const later = synced(-500, [1000, 5000]);
    expect(currentLineIndex(later, 1499)).toBe(-1);
    expect(currentLineIndex(later, 1500)).toBe(0);
    expect(currentLineIndex(later, 5499)).toBe(0);
  });

  it('an offset larger than the first start makes it show at 0, not before', () => {
    expect(currentLineIndex(synced(2000, [1000, 5000]), 0)).toBe(0);
  });

  it('goes by time when lines are out of order, and takes the later of two lines at one time', () => {
    expect(currentLineIndex(synced(0, [5000, 1000, 9000]), 3000)).toBe(1);
    expect(currentLineIndex(synced(0, [5000, 1000, 9000]), 6000)).toBe(0);
    expect(currentLineIndex(synced(0, [1000, 1000, 9000]), 1000)).toBe(1);
  });

  it('is none for a plain set, and skips lines without a time', () => {
    expect(currentLineIndex({ lang: 'eng', synced: false, offsetMs: 0, lines: [{ text: 'a' }, { text: 'b' }] }, 5000)).toBe(-1);
    const gaps: LyricsTrack = { lang: 'eng', synced: true, offsetMs: 0, lines: [{ startMs: 1000, text: 'a' }, { text: '' }, { startMs: 3000, text: 'b' }] };
    expect(currentLineIndex(gaps, 2000)).toBe(0);
    expect(currentLineIndex(gaps, 3000)).toBe(2);
  });
});

describe('lineSeekSeconds', () => {
  it('is the time the line shows at, in seconds, offset applied', () => {
    expect(lineSeekSeconds(synced(0, [12_500]), 0)).toBe(12.5);
    expect(lineSeekSeconds(synced(500, [12_500]), 0)).toBe(12);
    expect(lineSeekSeconds(synced(-250, [12_500]), 0)).toBe(12.75);
  });
});
