import fc from 'fast-check';
import { foldText, matchKey } from '../../lib/text';
import { songKeys } from '../songKeys';
import { albumGroupKey } from './albumKey';
import {
  capBytes,
  cleanLine,
  cleanMultiline,
  cleanName,
  cleanTrackTags,
  INDEX_KEY_MAX_BYTES,
  LIST_MAX,
  LYRICS_MAX_CHARS,
  LYRICS_MAX_SETS,
  TEXT_MAX_CHARS,
} from './cleanTags';
import type { TrackTags } from './types';

/** What PostgreSQL refuses in text (NUL), what cannot be UTF-8 (lone surrogates), and other control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what the property looks for
const FORBIDDEN_IN_LINE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- as above, tab and newline allowed
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const bytes = (value: string) => Buffer.byteLength(value, 'utf8');
const points = (value: string) => Array.from(value).length;

/** Text as tag writers leave it: every UTF-16 unit (NULs, controls, lone surrogates), expanding ligatures, long runs. */
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('\u0000', '\t', '\n', '\r', '\u0085', '\ufdfa', 'ﬃ', 'é', 'İ', '😀', ' ', 'a'),
);
const tagText = fc.oneof(
  fc.string({ unit, maxLength: 60 }),
  fc.tuple(fc.string({ unit, maxLength: 4 }), fc.integer({ min: 1, max: 3000 })).map(([piece, times]) => piece.repeat(times)),
);

const tags: fc.Arbitrary<TrackTags> = fc.record({
  title: tagText,
  artist: tagText,
  artists: fc.array(tagText, { maxLength: 80 }),
  album: fc.option(tagText),
  albumArtist: fc.option(tagText),
  trackNumber: fc.option(fc.oneof(fc.integer(), fc.double())),
  discNumber: fc.option(fc.integer()),
  year: fc.option(fc.integer()),
  genres: fc.array(tagText, { maxLength: 60 }),
  compilation: fc.boolean(),
  mbzTrackId: fc.option(tagText),
  mbzAlbumId: fc.option(tagText),
  mbzArtistId: fc.option(tagText),
  rgTrackGain: fc.option(fc.double()),
  rgTrackPeak: fc.option(fc.double()),
  rgAlbumGain: fc.option(fc.double()),
  rgAlbumPeak: fc.option(fc.double()),
  durationMs: fc.oneof(fc.integer({ min: 1 }), fc.double({ min: 1, max: 1e12, noNaN: true })),
  bitRate: fc.option(fc.integer()),
  sampleRate: fc.option(fc.integer()),
  codec: tagText,
  container: tagText,
  lyrics: fc.option(fc.record({ plain: tagText, synced: fc.array(fc.record({ timeMs: fc.double(), text: tagText }), { maxLength: 5 }) }, { requiredKeys: [] })),
  pictureHash: fc.option(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 })),
});

const ORDINARY: TrackTags = {
  title: 'Señor – “Smile” 😀',
  artist: 'AC/DC feat. Sigur Rós',
  artists: ['AC/DC', 'Sigur Rós'],
  album: 'Ágætis byrjun',
  albumArtist: null,
  trackNumber: 3,
  discNumber: 1,
  year: 1999,
  genres: ['Post-rock'],
  compilation: false,
  mbzTrackId: null,
  mbzAlbumId: null,
  mbzArtistId: null,
  rgTrackGain: -6.5,
  rgTrackPeak: 0.98,
  rgAlbumGain: null,
  rgAlbumPeak: null,
  durationMs: 240_000,
  bitRate: 320_000,
  sampleRate: 44_100,
  codec: 'MPEG 1 Layer 3',
  container: 'MPEG',
  lyrics: { plain: 'First line\n\tindented\nlast', synced: [{ timeMs: 500, text: 'First line' }] },
  pictureHash: null,
};

const isInt32 = (value: number | null) => value === null || (Number.isInteger(value) && value >= 0 && value <= 2 ** 31 - 1);

describe('cleanTrackTags: what reaches the database (issue 27, item 1)', () => {
  it('never lets a control character, a NUL or a lone surrogate through, and keeps every value within its bounds', () => {
    fc.assert(
      fc.property(tags, tagText, (raw, fileName) => {
        const clean = cleanTrackTags(raw, fileName);
        const lines = [clean.title, clean.artist, ...clean.artists, clean.album ?? '', clean.albumArtist ?? '', ...clean.genres, clean.codec, clean.container];
        lines.push(clean.mbzTrackId ?? '', clean.mbzAlbumId ?? '', clean.mbzArtistId ?? '', ...(clean.lyrics?.synced ?? []).map((l) => l.text));
        for (const line of lines) {
          expect(line).not.toMatch(FORBIDDEN_IN_LINE);
          expect(points(line)).toBeLessThanOrEqual(TEXT_MAX_CHARS);
        }
        expect(clean.lyrics?.plain ?? '').not.toMatch(FORBIDDEN_IN_TEXT);
        expect(clean.title).not.toBe('');
        expect(clean.artist).not.toBe('');
        expect(clean.artists.length).toBeGreaterThanOrEqual(1);
        expect(clean.artists.length).toBeLessThanOrEqual(LIST_MAX);
        expect(clean.genres.length).toBeLessThanOrEqual(LIST_MAX);
        // every indexed key made from the tags fits its btree index (about 2,700 bytes a row)
        for (const name of [...clean.artists, clean.album ?? '', clean.albumArtist ?? ''])
          expect(bytes(foldText(name))).toBeLessThanOrEqual(INDEX_KEY_MAX_BYTES);
        const keys = songKeys(clean.title, clean.artist);
        expect(bytes(keys.sortKey)).toBeLessThanOrEqual(INDEX_KEY_MAX_BYTES);
        expect(bytes(keys.matchKey)).toBeLessThanOrEqual(INDEX_KEY_MAX_BYTES);
        expect(bytes(albumGroupKey(clean))).toBeLessThanOrEqual(2 * INDEX_KEY_MAX_BYTES + 16);
        for (const n of [clean.trackNumber, clean.discNumber, clean.year, clean.bitRate, clean.sampleRate, clean.durationMs]) expect(isInt32(n)).toBe(true);
        for (const r of [clean.rgTrackGain, clean.rgTrackPeak, clean.rgAlbumGain, clean.rgAlbumPeak]) expect(r === null || Number.isFinite(r)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent: clean tags come back unchanged', () => {
    fc.assert(
      fc.property(tags, tagText, (raw, fileName) => {
        const once = cleanTrackTags(raw, fileName);
        expect(cleanTrackTags(once, fileName)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('cleans each value alone idempotently, cutting only between code points', () => {
    fc.assert(
      fc.property(tagText, fc.integer({ min: 0, max: 4000 }), (value, max) => {
        for (const clean of [cleanLine, cleanMultiline, cleanName]) expect(clean(clean(value))).toBe(clean(value));
        const cut = capBytes(cleanLine(value), max);
        expect(bytes(cut)).toBeLessThanOrEqual(max);
        expect(cut).not.toMatch(FORBIDDEN_IN_LINE);
        expect(cleanLine(value).startsWith(cut)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps ordinary tags as they are', () => {
    const plain = cleanTrackTags(ORDINARY, 'file');
    expect(plain).toEqual(ORDINARY);
    expect(songKeys(plain.title, plain.artist).matchKey).toBe(matchKey(ORDINARY.title, ORDINARY.artist));
  });

  it('names a song by its file, then "Untitled", when its title leaves nothing', () => {
    const empty = { ...ORDINARY, title: '\u0000\u0001 ', artist: '\u0000', artists: ['\u0007'] };
    expect(cleanTrackTags(empty, 'my\u0000song')).toMatchObject({ title: 'mysong', artist: '[Unknown Artist]', artists: ['[Unknown Artist]'] });
    expect(cleanTrackTags(empty, '\u0007').title).toBe('Untitled');
  });
});

describe('cleanTrackTags: lyrics sets (docs/product.md §5.8)', () => {
  const line = fc.record({ startMs: fc.option(fc.double(), { nil: undefined }), text: tagText });
  const track = fc.record({ lang: tagText, synced: fc.boolean(), offsetMs: fc.oneof(fc.integer(), fc.double()), lines: fc.array(line, { maxLength: 40 }) });
  const withTracks = fc.record({ plain: fc.option(tagText, { nil: undefined }), tracks: fc.array(track, { maxLength: 30 }) });

  it('cleans every line of every set, keeps at most LYRICS_MAX_SETS sets and LYRICS_MAX_CHARS characters, idempotently', () => {
    fc.assert(
      fc.property(withTracks, (lyrics) => {
        const clean = cleanTrackTags({ ...ORDINARY, lyrics }, 'file');
        const tracks = clean.lyrics?.tracks ?? [];
        expect(tracks.length).toBeLessThanOrEqual(LYRICS_MAX_SETS);
        let chars = 0;
        for (const set of tracks) {
          expect(Number.isInteger(set.offsetMs)).toBe(true);
          for (const l of set.lines) {
            expect(l.text).not.toMatch(FORBIDDEN_IN_LINE);
            if (set.synced) expect(isInt32(l.startMs ?? -1)).toBe(true);
            chars += l.text.length;
          }
        }
        expect(chars).toBeLessThanOrEqual(LYRICS_MAX_CHARS);
        expect(cleanTrackTags(clean, 'file')).toEqual(clean);
      }),
      { numRuns: 200 },
    );
  });

  it('cuts a huge set at a line, and keeps the .lrc file it was read from', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => ({ startMs: i * 1000, text: `line ${i} `.padEnd(60, 'x') }));
    const lrcFile = { sizeBytes: 180_000, mtimeMs: 1_700_000_000_123 };
    const clean = cleanTrackTags({ ...ORDINARY, lyrics: { tracks: [{ lang: 'eng', synced: true, offsetMs: 0, lines }], lrcFile } }, 'file');
    expect(clean.lyrics?.tracks?.[0].lines).toEqual(lines.slice(0, Math.floor(LYRICS_MAX_CHARS / 60)));
    expect(clean.lyrics?.lrcFile).toEqual(lrcFile);
  });
});
