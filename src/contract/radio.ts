import { z } from 'zod';
import { RADIO_HISTORY_PAGE_DEFAULT, RADIO_HISTORY_PAGE_MAX } from './radioConstants';

/** The radio's REST bodies and answers, and the messages of its websocket (SPEC §4 "Radio", DESIGN.md "Radio"). */

export * from './radioConstants';

/** SPEC §3 "Radio queue track". */
export interface RadioQueueTrack {
  /** the queue item's id (not the song's) */
  id: string;
  songId: string;
  title: string;
  artist: string;
  /** seconds, millisecond precision */
  duration: number;
  addedBy: { id: string; username: string } | null;
  /** ISO time */
  addedAt: string;
  /** a signed stream URL the audio element can play */
  url: string;
}

/** The whole live state: GET /api/radio/queue and the QUEUE_UPDATE message. */
export interface RadioStateData {
  queue: RadioQueueTrack[];
  currentTrack: RadioQueueTrack | null;
  listeners: number;
  isRadioActive: boolean;
  /** when the current track started, server clock, ms since the epoch; null without a current track */
  startedAt: number | null;
  /** the server clock when this was sent, ms since the epoch */
  serverTime: number;
}

export interface RadioSnapshot extends RadioStateData {
  success: true;
}

export const AddToQueueBody = z.object({ songId: z.uuid('Song not found') });
export type AddToQueueBody = z.infer<typeof AddToQueueBody>;

export const QueueItemParams = z.object({ id: z.uuid('Queue item not found') });

export interface AddToQueueResponse {
  success: true;
  track: RadioQueueTrack;
}
export interface RemoveFromQueueResponse {
  success: true;
}
export interface SkipResponse {
  success: true;
  currentTrack: RadioQueueTrack | null;
  startedAt: number | null;
  serverTime: number;
}
export interface ToggleResponse {
  success: true;
  isRadioActive: boolean;
}

export const HistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RADIO_HISTORY_PAGE_MAX).default(RADIO_HISTORY_PAGE_DEFAULT),
  /** the nextCursor of the previous page */
  cursor: z.coerce.number().int().min(1).optional(),
});

export interface RadioHistoryEntry {
  id: number;
  songId: string | null;
  title: string;
  artist: string;
  addedBy: { id: string; username: string } | null;
  startedAt: string;
  endedAt: string;
  endReason: 'finished' | 'skipped' | 'removed';
}
export interface RadioHistoryResponse {
  success: true;
  history: RadioHistoryEntry[];
  nextCursor: number | null;
}

/** What the server sends on the socket: always {type, data}. */
export interface TrackChangeData {
  currentTrack: RadioQueueTrack | null;
  isRadioActive: boolean;
  startedAt: number | null;
  serverTime: number;
}
export type RadioServerMessage =
  | { type: 'QUEUE_UPDATE'; data: RadioStateData }
  | { type: 'TRACK_CHANGE'; data: TrackChangeData }
  | { type: 'LISTENERS_UPDATE'; data: { listeners: number } }
  | { type: 'RADIO_STATUS_CHANGE'; data: TrackChangeData }
  | { type: 'ERROR'; data: { message: string } };

export type RadioMessageType = RadioServerMessage['type'];
