import { initialPlayerState, playerActions, playerSlice, type PlayerState } from './playerSlice';
import type { PlayerTrack } from './playerTypes';

const track = (n: number): PlayerTrack => ({ id: `song-${n}`, title: `Song ${n}`, artist: 'A', url: `/s/${n}`, duration: 60 });
const [t1, t2, t3, t4] = [track(1), track(2), track(3), track(4)];
const reduce = (state: Partial<PlayerState>, action: Parameters<typeof playerSlice.reducer>[1]) =>
  playerSlice.reducer({ ...initialPlayerState, ...state }, action);

describe('the queue and history arithmetic (docs/product.md §4)', () => {
  it('a list replaces the queue: the current track and what comes before the start join the history', () => {
    const next = reduce({ currentTrack: t4, history: [t3], queue: [t1] }, playerActions.listQueued({ tracks: [t1, t2, t3], startIndex: 1 }));
    expect(next.history).toEqual([t3, t4, t1]);
    expect(next.queue).toEqual([t3]);
  });

  it('Next moves the current track to the history and takes the first queued one off the queue', () => {
    const next = reduce({ currentTrack: t1, queue: [t2, t3] }, playerActions.advanced());
    expect(next.history).toEqual([t1]);
    expect(next.queue).toEqual([t3]);
  });

  it('Previous puts the current track back in front of the queue and takes the last one off the history', () => {
    const next = reduce({ currentTrack: t2, history: [t1], queue: [t3] }, playerActions.wentBack());
    expect(next.history).toEqual([]);
    expect(next.queue).toEqual([t2, t3]);
  });

  it('keeps at most 100 tracks of history', () => {
    const history = Array.from({ length: 100 }, (_, i) => track(100 + i));
    const next = reduce({ currentTrack: t1, history }, playerActions.currentSetAside());
    expect(next.history).toHaveLength(100);
    expect(next.history[99]).toEqual(t1);
  });

  it('a start that waits for a click is kept in state until playback resumes', () => {
    const waiting = reduce({}, playerActions.startDeferred({ track: t1, source: 'search' }));
    expect(waiting.pendingStart).toEqual({ track: t1, source: 'search' });
    expect(reduce(waiting, playerActions.playbackResumed()).pendingStart).toBeNull();
  });
});
