import type { RadioQueueTrack } from '../../../contract/radio';
import { initialPlayerState, playerActions, playerSlice, type PlayerState } from '../../shared/player';
import { samePlan } from '../../shared/player';
import { plannedRadioNext, radioSchedule } from './radioNextPlan';
import { radioSlice, type RadioState } from './radioSlice';

const item = (id: string, duration = 200): RadioQueueTrack => ({
  id,
  songId: `song-${id}`,
  title: id,
  artist: 'A',
  duration,
  addedBy: null,
  addedAt: '2026-01-01T00:00:00.000Z',
  url: `/stream/${id}`,
});
const state = (more: Partial<RadioState>): RadioState => ({
  ...radioSlice.getInitialState(),
  isRadioActive: true,
  currentTrack: item('a', 200.5),
  startedAt: 1_000_000,
  clockOffsetMs: 2_500,
  queue: [item('b'), item('c')],
  ...more,
});

describe("the station's next track at its boundary (docs/product.md §2.14)", () => {
  it("starts the first queued item at the current one's end, on this browser's clock, from its start, level", () => {
    expect(radioSchedule(state({}))).toEqual({
      item: item('b'),
      boundary: 1_200_500,
      plan: { key: 'b', url: '/stream/b', gain: 1, crossfadeSeconds: 0, startAtMs: 1_198_000, offsetSeconds: 0 },
    });
  });

  it('skips the current item when the queue still lists it (the track change came before the queue)', () => {
    expect(radioSchedule(state({ queue: [item('a'), item('c')] }))?.item.id).toBe('c');
  });

  it('plans nothing off air, without a current track or its start, or with nothing queued', () => {
    expect(radioSchedule(state({ isRadioActive: false }))).toBeNull();
    expect(radioSchedule(state({ currentTrack: null }))).toBeNull();
    expect(radioSchedule(state({ startedAt: null }))).toBeNull();
    expect(radioSchedule(state({ queue: [] }))).toBeNull();
    expect(radioSchedule(state({ queue: [item('a')] }))).toBeNull();
  });

  it('compares plans by what the engine would do', () => {
    const plan = radioSchedule(state({}))!.plan;
    expect(samePlan(plan, { ...plan })).toBe(true);
    expect(samePlan(plan, { ...plan, startAtMs: plan.startAtMs! + 1 })).toBe(false);
    expect(samePlan(null, undefined)).toBe(true);
    expect(samePlan(plan, null)).toBe(false);
  });

  it("once the engine starts it at the boundary, the player's reducer makes it current in radio mode, from its start", () => {
    const next = plannedRadioNext(radioSchedule(state({}))!);
    const listening: PlayerState = {
      ...initialPlayerState,
      source: { kind: 'radio', itemId: 'a' },
      currentTrack: { id: 'song-a', title: 'a', artist: 'A', url: '/stream/a', duration: 200.5 },
      isPlaying: true,
      currentTime: 200.4,
      engine: { gain: 1, next, started: null },
    };
    const after = playerSlice.reducer(listening, playerActions.engineAdvanced({ key: 'b', duration: 200 }));
    expect(after).toMatchObject({
      source: { kind: 'radio', itemId: 'b' },
      currentTrack: { id: 'song-b', title: 'b', url: '/stream/b' },
      isPlaying: true,
      currentTime: 0,
      duration: 200,
      engine: { next: null, started: next },
    });
  });
});
