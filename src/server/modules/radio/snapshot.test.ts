import type { RadioQueueTrack } from '../../../contract/radio';
import { changeMessages, type LiveSnapshot } from './snapshot';

const track = (id: string): RadioQueueTrack => ({
  id,
  songId: `song-${id}`,
  title: id,
  artist: 'A',
  duration: 60,
  addedBy: null,
  addedAt: new Date(0).toISOString(),
  url: `/api/songs/stream/song-${id}`,
});

const base: LiveSnapshot = { isActive: true, startedAt: 1_000, currentItemId: 'a', current: track('a'), currentDurationMs: 60_000, queue: [track('b')] };
const data = {
  track: () => ({ currentTrack: null, isRadioActive: true, startedAt: null, serverTime: 0 }),
  state: () => ({ queue: [], currentTrack: null, listeners: 0, isRadioActive: true, startedAt: null, serverTime: 0 }),
};
const types = (next: LiveSnapshot) => changeMessages(base, next, data).map((m) => m.type);

describe('what a re-read tells the listeners', () => {
  it('says nothing when nothing changed', () => {
    expect(types({ ...base, queue: [track('b')] })).toEqual([]);
  });

  it('sends the track and then the queue when the track changed', () => {
    expect(types({ ...base, currentItemId: 'b', current: track('b'), queue: [] })).toEqual(['TRACK_CHANGE', 'QUEUE_UPDATE']);
    expect(types({ ...base, startedAt: 2_000 })).toEqual(['TRACK_CHANGE', 'QUEUE_UPDATE']);
  });

  it('sends the status first when the radio started or stopped', () => {
    expect(types({ ...base, isActive: false, startedAt: null })).toEqual(['RADIO_STATUS_CHANGE', 'TRACK_CHANGE', 'QUEUE_UPDATE']);
  });

  it('sends only the queue when only the queue changed', () => {
    expect(types({ ...base, queue: [track('b'), track('c')] })).toEqual(['QUEUE_UPDATE']);
  });
});
