import { initialPlayerState, type PlayerState, type PlayerTrack } from '../../shared/player';
import { DEFAULT_PLAYBACK } from '../../shared/settings';
import { nextIntent, sameAsPlan } from './nextTrackPlan';

const track = (n: number, extra: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id: `song-${n}`,
  title: `S${n}`,
  artist: 'A',
  url: `/s/${n}`,
  duration: 60,
  ...extra,
});
const ofAlbum = (n: number, trackNumber: number) => track(n, { albumId: 'album-1', discNumber: 1, trackNumber });
const player = (more: Partial<PlayerState>): PlayerState => ({ ...initialPlayerState, currentTrack: track(1), isPlaying: true, ...more });
const crossfade = { ...DEFAULT_PLAYBACK, crossfadeSeconds: 4 };

describe("the queue's next plan, from the state alone (docs/product.md §2.14)", () => {
  it('is gapless between consecutive tracks of one album and crossfaded by the setting otherwise', () => {
    const [one, two, four] = [ofAlbum(1, 1), ofAlbum(2, 2), ofAlbum(4, 4)];
    expect(nextIntent(player({ currentTrack: one, queue: [two, four] }), true, crossfade)).toMatchObject({ track: two, crossfadeSeconds: 0 });
    expect(nextIntent(player({ currentTrack: two, queue: [four] }), true, crossfade)).toMatchObject({ track: four, crossfadeSeconds: 4 });
  });

  it('plans nothing in radio mode, while loading, before a restored track is loaded, with autoplay off or nothing queued', () => {
    const queue = [track(2)];
    expect(nextIntent(player({ queue, source: { kind: 'radio', itemId: 'c1' } }), true, crossfade)).toBeNull();
    expect(nextIntent(player({ queue, isLoading: true }), true, crossfade)).toBeNull();
    expect(nextIntent(player({ queue, needsLoad: true }), true, crossfade)).toBeNull();
    expect(nextIntent(player({ queue }), false, crossfade)).toBeNull();
    expect(nextIntent(player({ queue: [] }), true, crossfade)).toBeNull();
  });

  it('an unchanged plan is the same (a track without URL keeps the one fetched for it)', () => {
    const intent = nextIntent(player({ queue: [track(2, { url: '' })] }), true, DEFAULT_PLAYBACK)!;
    expect(sameAsPlan({ key: 'song-2', url: '/fetched', gain: intent.gain, crossfadeSeconds: 0 }, intent)).toBe(true);
    expect(sameAsPlan({ key: 'song-2', url: '/fetched', gain: intent.gain, crossfadeSeconds: 3 }, intent)).toBe(false);
    expect(sameAsPlan(null, intent)).toBe(false);
  });
});
