import type { PlayerTrack } from './playerTypes';
import { albumInOrder, followsOnAlbum, trackGainFor } from './replayGain';

const tagged = (replayGain: PlayerTrack['replayGain'], place: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id: 't',
  title: 'T',
  artist: 'A',
  url: '/t',
  duration: 100,
  replayGain,
  ...place,
});
const db = (gain: number) => 20 * Math.log10(gain);
const tags = { trackGain: -6, trackPeak: 0.5, albumGain: -3, albumPeak: 0.6 };
const onAlbum = (trackNumber: number, discNumber = 1, albumId = 'al') => ({
  id: `a${discNumber}-${trackNumber}`,
  title: '',
  artist: '',
  url: '',
  duration: 1,
  albumId,
  discNumber,
  trackNumber,
});

describe('ReplayGain (docs/product.md §2.14)', () => {
  it('off, or a file without tags, plays unchanged: no preamp either', () => {
    expect(trackGainFor(tagged(tags), { replayGainMode: 'off', preampDb: 6 })).toBe(1);
    expect(trackGainFor(tagged(undefined), { replayGainMode: 'track', preampDb: 6 })).toBe(1);
    expect(trackGainFor(tagged({ trackGain: null, trackPeak: null, albumGain: null, albumPeak: null }), { replayGainMode: 'album', preampDb: 6 })).toBe(1);
    // track mode has no album gain to fall back to
    expect(trackGainFor(tagged({ ...tags, trackGain: null }), { replayGainMode: 'track', preampDb: 0 })).toBe(1);
  });

  it('track mode takes the track gain, album mode the album gain (the track gain when the album has none)', () => {
    expect(db(trackGainFor(tagged(tags), { replayGainMode: 'track', preampDb: 0 }))).toBeCloseTo(-6, 6);
    expect(db(trackGainFor(tagged(tags), { replayGainMode: 'album', preampDb: 0 }))).toBeCloseTo(-3, 6);
    expect(db(trackGainFor(tagged({ ...tags, albumGain: null }), { replayGainMode: 'album', preampDb: 0 }))).toBeCloseTo(-6, 6);
  });

  it('adds the preamp', () => {
    expect(db(trackGainFor(tagged(tags), { replayGainMode: 'track', preampDb: 2.5 }))).toBeCloseTo(-3.5, 6);
    expect(db(trackGainFor(tagged(tags), { replayGainMode: 'album', preampDb: -4 }))).toBeCloseTo(-7, 6);
  });

  it('never lets the peak clip: at most 1/peak, the peak that goes with the gain chosen', () => {
    const loud = { trackGain: 8, trackPeak: 0.8, albumGain: 8, albumPeak: 0.5 };
    expect(trackGainFor(tagged(loud), { replayGainMode: 'track', preampDb: 0 })).toBeCloseTo(1 / 0.8, 9);
    expect(trackGainFor(tagged(loud), { replayGainMode: 'album', preampDb: 0 })).toBeCloseTo(2, 9);
    // no album peak: the track's stands in
    expect(trackGainFor(tagged({ ...loud, albumPeak: null }), { replayGainMode: 'album', preampDb: 0 })).toBeCloseTo(1 / 0.8, 9);
    // a quiet gain is under the limit and left alone
    expect(db(trackGainFor(tagged({ ...loud, trackGain: -2 }), { replayGainMode: 'track', preampDb: 0 }))).toBeCloseTo(-2, 6);
  });

  it('auto: album gain while the album plays in order around the track, track gain otherwise', () => {
    const third = { ...onAlbum(3), replayGain: tags };
    const auto = { replayGainMode: 'auto' as const, preampDb: 0 };
    expect(db(trackGainFor(third, auto, { previous: onAlbum(2) }))).toBeCloseTo(-3, 6);
    expect(db(trackGainFor(third, auto, { next: onAlbum(4) }))).toBeCloseTo(-3, 6);
    expect(db(trackGainFor(third, auto, { previous: onAlbum(5), next: onAlbum(1) }))).toBeCloseTo(-6, 6);
    expect(db(trackGainFor(third, auto, { previous: onAlbum(2, 1, 'other') }))).toBeCloseTo(-6, 6);
    expect(db(trackGainFor(third, auto, {}))).toBeCloseTo(-6, 6);
  });

  it('consecutive on an album: the next track of the disc, or the first of the next disc', () => {
    expect(followsOnAlbum(onAlbum(1), onAlbum(2))).toBe(true);
    expect(followsOnAlbum(onAlbum(12, 1), onAlbum(1, 2))).toBe(true);
    expect(followsOnAlbum(onAlbum(2), onAlbum(1))).toBe(false);
    expect(followsOnAlbum(onAlbum(1), onAlbum(3))).toBe(false);
    expect(followsOnAlbum(onAlbum(1, 1, 'x'), onAlbum(2, 1, 'y'))).toBe(false);
    expect(followsOnAlbum({ albumId: null, trackNumber: 1 }, { albumId: null, trackNumber: 2 })).toBe(false);
    expect(albumInOrder(onAlbum(2), { previous: onAlbum(1), next: onAlbum(7) })).toBe(true);
  });
});
