import type { RadioQueueTrack, RadioServerMessage, RadioStateData, TrackChangeData } from '../../../contract/radio';
import { streamUrl } from '../../library/songs/toSong';
import type { RadioItemRow, RadioStateRow } from './repository';
import { artworkUrlOf } from '../../library/artwork/hashes';

/** The station as this instance last read it. */
export interface LiveSnapshot {
  isActive: boolean;
  startedAt: number | null;
  currentItemId: string | null;
  current: RadioQueueTrack | null;
  currentDurationMs: number;
  queue: RadioQueueTrack[];
}

/** A queue item as broadcast: its URL carries no token (each listener streams with their own session). */
function toTrack(row: RadioItemRow): RadioQueueTrack {
  const artworkUrl = artworkUrlOf(row.artworkHash);
  return {
    id: row.id,
    songId: row.songId,
    title: row.title,
    artist: row.artist,
    duration: row.durationMs / 1000,
    addedBy: row.addedById ? { id: row.addedById, username: row.addedByName ?? '' } : null,
    addedAt: row.addedAt.toISOString(),
    url: streamUrl(row.songId),
    ...(artworkUrl ? { artworkUrl } : {}),
    ...replayGainOf(row),
  };
}

/** The song's ReplayGain tags as Song carries them (toSong.ts), for a song that has any. */
function replayGainOf(row: RadioItemRow): Pick<RadioQueueTrack, 'replayGain'> {
  const replayGain = { trackGain: row.rgTrackGain, trackPeak: row.rgTrackPeak, albumGain: row.rgAlbumGain, albumPeak: row.rgAlbumPeak };
  return Object.values(replayGain).some((tag) => tag !== null) ? { replayGain } : {};
}

export function toSnapshot(state: RadioStateRow, queue: RadioItemRow[]): LiveSnapshot {
  return {
    isActive: state.isActive,
    startedAt: state.isActive && state.startedAt ? state.startedAt.getTime() : null,
    currentItemId: state.currentItemId,
    current: state.current ? toTrack(state.current) : null,
    currentDurationMs: state.current?.durationMs ?? 0,
    queue: queue.map(toTrack),
  };
}

export function trackData(snapshot: LiveSnapshot | null, serverTime: number): TrackChangeData {
  return {
    currentTrack: snapshot?.current ?? null,
    isRadioActive: snapshot?.isActive ?? false,
    startedAt: snapshot?.startedAt ?? null,
    serverTime,
  };
}

export function stateData(snapshot: LiveSnapshot | null, listeners: number, serverTime: number): RadioStateData {
  return {
    queue: snapshot?.queue ?? [],
    currentTrack: snapshot?.current ?? null,
    listeners,
    isRadioActive: snapshot?.isActive ?? false,
    startedAt: snapshot?.startedAt ?? null,
    serverTime,
  };
}

/**
 * What listeners are told when the station moved from `prev` to `next`, in this order: the status,
 * the track, then the whole queue (sent whenever anything changed).
 */
export function changeMessages(
  prev: LiveSnapshot,
  next: LiveSnapshot,
  data: { track: () => TrackChangeData; state: () => RadioStateData },
): RadioServerMessage[] {
  const statusChanged = prev.isActive !== next.isActive;
  const trackChanged = prev.currentItemId !== next.currentItemId || prev.startedAt !== next.startedAt;
  const queueChanged = prev.queue.map((t) => t.id).join() !== next.queue.map((t) => t.id).join();
  const messages: RadioServerMessage[] = [];
  if (statusChanged) messages.push({ type: 'RADIO_STATUS_CHANGE', data: data.track() });
  if (trackChanged) messages.push({ type: 'TRACK_CHANGE', data: data.track() });
  if (statusChanged || trackChanged || queueChanged) messages.push({ type: 'QUEUE_UPDATE', data: data.state() });
  return messages;
}
