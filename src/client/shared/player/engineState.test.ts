import type { NextTrackPlan } from '../../services/audio/AudioService';
import type { PlannedNext } from './engineState';
import { initialPlayerState, playerActions, playerSlice, type PlayerState } from './playerSlice';
import type { PlayerTrack } from './playerTypes';

const track = (n: number): PlayerTrack => ({ id: `song-${n}`, title: `Song ${n}`, artist: 'A', url: `/s/${n}`, duration: 60 });
const [a, b, c] = [track(1), track(2), track(3)];
const plan = (key: string, more: Partial<NextTrackPlan> = {}): NextTrackPlan => ({ key, url: `/s/${key}`, gain: 1, crossfadeSeconds: 0, ...more });
const reduce = (state: Partial<PlayerState>, action: Parameters<typeof playerSlice.reducer>[1]) =>
  playerSlice.reducer({ ...initialPlayerState, ...state }, action);
const playing = (more: Partial<PlayerState>): Partial<PlayerState> => ({
  currentTrack: a,
  isPlaying: true,
  playingSongId: a.id,
  duration: 60,
  currentTime: 59.9,
  ...more,
});

describe('the engine starting the planned track is reduced once, whatever the source (docs/product.md §2.14)', () => {
  it('gapless in the queue: the queued track is current and playing, the queue moved on as Next would, nothing loaded', () => {
    const next: PlannedNext = { plan: plan(b.id, { gain: 0.8 }), track: b, source: { kind: 'queue' } };
    const state = reduce(
      playing({ queue: [b, c], history: [], engine: { gain: 1, next, started: null } }),
      playerActions.engineAdvanced({ key: b.id, duration: 95 }),
    );
    expect(state).toMatchObject({
      currentTrack: b,
      history: [a],
      queue: [c],
      isPlaying: true,
      playingSongId: b.id,
      isLoading: false,
      currentTime: 0,
      duration: 95,
    });
    expect(state.engine).toEqual({ gain: 0.8, next: null, started: next });
  });

  it("at the radio's boundary: the station's next item is current in radio mode, from the plan's offset; the listener's queue is untouched", () => {
    const c2: PlayerTrack = { id: 'song-c2', title: 'c2', artist: 'A', url: '/c2', duration: 180 };
    const next: PlannedNext = { plan: plan('c2', { startAtMs: 338_000, offsetSeconds: 0 }), track: c2, source: { kind: 'radio', itemId: 'c2' } };
    const state = reduce(
      playing({ source: { kind: 'radio', itemId: 'c1' }, queue: [b], history: [c], engine: { gain: 1, next, started: null } }),
      playerActions.engineAdvanced({ key: 'c2', duration: 180 }),
    );
    expect(state).toMatchObject({
      currentTrack: c2,
      source: { kind: 'radio', itemId: 'c2' },
      queue: [b],
      history: [c],
      isPlaying: true,
      currentTime: 0,
      duration: 180,
    });
    expect(state.engine.started).toEqual(next);
  });

  it('a start that was not planned changes nothing; a planned one that no longer fits the source only empties the next slot', () => {
    const next: PlannedNext = { plan: plan(b.id), track: b, source: { kind: 'queue' } };
    const before = playing({ queue: [b], engine: { gain: 1, next, started: null } });
    expect(reduce(before, playerActions.engineAdvanced({ key: 'someone-else', duration: 10 }))).toEqual(reduce(before, { type: 'noop' }));
    const radio = reduce({ ...before, source: { kind: 'radio', itemId: 'c1' } }, playerActions.engineAdvanced({ key: b.id, duration: 10 }));
    expect(radio).toMatchObject({ currentTrack: a, queue: [b], source: { kind: 'radio', itemId: 'c1' } });
    expect(radio.engine).toEqual({ gain: 1, next: null, started: null });
  });
});
