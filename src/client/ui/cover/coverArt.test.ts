import { coverArt, hashName, songCoverName } from './coverArt';

describe('coverArt', () => {
  it('draws the same cover for the same name, whatever its case and surrounding spaces', () => {
    expect(coverArt('Midnight Drive')).toEqual(coverArt('  midnight drive '));
  });

  it('draws different covers for different names', () => {
    const names = ['Midnight Drive', 'Morning Light', 'Road Trip', 'Focus', 'Chill', 'a', 'b', 'Déjà vu'];
    const backgrounds = new Set(names.map((n) => JSON.stringify(coverArt(n))));
    expect(backgrounds.size).toBe(names.length);
  });

  it('keeps every shape inside the 100 x 100 view box and draws 2 to 4 of them', () => {
    for (let i = 0; i < 500; i++) {
      const art = coverArt(`name ${i}`);
      expect(art.shapes.length).toBeGreaterThanOrEqual(2);
      expect(art.shapes.length).toBeLessThanOrEqual(4);
      for (const s of art.shapes) {
        if (s.kind === 'circle') {
          expect(s.cx).toBeGreaterThanOrEqual(0);
          expect(s.cx).toBeLessThanOrEqual(100);
          expect(s.r).toBeGreaterThan(0);
        } else {
          expect(s.y).toBeGreaterThanOrEqual(0);
          expect(s.y).toBeLessThanOrEqual(100);
        }
      }
      expect(art.background).toMatch(/^hsl\(\d+ \d+% \d+(\.\d+)?%\)$/);
    }
  });

  it('hashes with FNV-1a (known values)', () => {
    expect(hashName('')).toBe(0x811c9dc5);
    expect(hashName('a')).toBe(0xe40c292c);
  });
});

describe('songCoverName', () => {
  it('names a song by title and artist, so two songs of one title by different artists differ', () => {
    expect(songCoverName('Intro', 'A')).toBe('Intro · A');
    expect(coverArt(songCoverName('Intro', 'A'))).not.toEqual(coverArt(songCoverName('Intro', 'B')));
  });
});
