import fc from 'fast-check';
import { parseLrc } from './lrc';

describe('parseLrc (docs/product.md §5.8)', () => {
  it('reads every timestamp form: [mm:ss], [mm:ss.x], [mm:ss.xx], [mm:ss.xxx], [mm:ss:xx]', () => {
    const lrc = ['[00:01]One', '[00:02.5]Two', '[00:03.25]Three', '[00:04.125]Four', '[00:05:50]Five', '[12:00.00]Late'].join('\n');
    expect(parseLrc(lrc)).toEqual({
      offsetMs: 0,
      lines: [
        { startMs: 1000, text: 'One' },
        { startMs: 2500, text: 'Two' },
        { startMs: 3250, text: 'Three' },
        { startMs: 4125, text: 'Four' },
        { startMs: 5500, text: 'Five' },
        { startMs: 720_000, text: 'Late' },
      ],
    });
  });

  it('repeats a line at each of its timestamps, sorted by time, and keeps blank timed lines as pauses', () => {
    const lrc = '[00:10.00][00:02.00]Chorus\r\n[00:05.00]\r\n[00:06.00]Verse\r\n';
    expect(parseLrc(lrc)?.lines).toEqual([
      { startMs: 2000, text: 'Chorus' },
      { startMs: 5000, text: '' },
      { startMs: 6000, text: 'Verse' },
      { startMs: 10_000, text: 'Chorus' },
    ]);
  });

  it('keeps the language [la:] gives (two or three letters, lower case), and none when it names none', () => {
    expect(parseLrc('[la:EN]\n[00:01.00]Hello')).toEqual({ offsetMs: 0, lang: 'en', lines: [{ startMs: 1000, text: 'Hello' }] });
    expect(parseLrc('[la: deu ]\n[00:01.00]Hallo')?.lang).toBe('deu');
    expect(parseLrc('[la:English]\n[00:01.00]Hello')).not.toHaveProperty('lang');
    expect(parseLrc('[00:01.00]Hello')).not.toHaveProperty('lang');
  });

  it('takes [offset:] in ms (either sign) and leaves metadata tags out', () => {
    const lrc = '\uFEFF[ar:Someone]\n[ti:A Song]\n[al:An Album]\n[length: 03:20]\n[by:me]\n[offset:+250]\n[00:01.00]Hello';
    expect(parseLrc(lrc)).toEqual({ offsetMs: 250, lines: [{ startMs: 1000, text: 'Hello' }] });
    expect(parseLrc('[offset:-1500]\n[00:01.00]Hi')?.offsetMs).toBe(-1500);
  });

  it("strips enhanced LRC's word stamps from the text", () => {
    expect(parseLrc('[00:12.00]<00:12.00>Every <00:12.50>word <00:13.10>timed')?.lines).toEqual([{ startMs: 12_000, text: 'Every word timed' }]);
  });

  it('answers null for text with no timed line (plain lyrics)', () => {
    expect(parseLrc('Just words\n[Chorus]\nmore words')).toBeNull();
    expect(parseLrc('[ar:Someone]\n[offset:100]')).toBeNull();
    expect(parseLrc('')).toBeNull();
  });

  it('never throws; its lines are sorted and start at or after 0 ms, in whole ms', () => {
    const piece = fc.oneof(fc.string(), fc.constantFrom('[00:01.00]', '[99999:99.999]', '[1:2]', '<00:01.00>', '[offset:+5]', '\n', '\r\n', '[', ']', ':'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const parsed = parseLrc(pieces.join(''));
        if (!parsed) return;
        expect(Number.isInteger(parsed.offsetMs)).toBe(true);
        for (const [i, line] of parsed.lines.entries()) {
          expect(Number.isInteger(line.startMs) && line.startMs >= 0).toBe(true);
          if (i > 0) expect(line.startMs).toBeGreaterThanOrEqual(parsed.lines[i - 1].startMs);
        }
      }),
      { numRuns: 500 },
    );
  });
});
