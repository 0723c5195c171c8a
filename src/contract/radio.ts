import { z } from 'zod';
import { Id, IsoTime, SuccessResponse } from './common';
import { MESSAGES } from './messages';
import { ReplayGain } from './songs';
import { RADIO_HISTORY_PAGE_DEFAULT, RADIO_HISTORY_PAGE_MAX } from './radioConstants';

/** The radio's REST bodies and answers, and the messages of its websocket (docs/product.md §4 "Radio", DESIGN.md "Radio"). */

export * from './radioConstants';

const Person = z.object({ id: Id, username: z.string() });

/** docs/product.md §3 "Radio queue track". */
export const RadioQueueTrack = z.object({
  /** the queue item's id (not the song's) */
  id: Id,
  songId: Id,
  title: z.string(),
  artist: z.string(),
  /** seconds, millisecond precision */
  duration: z.number(),
  addedBy: Person.nullable(),
  /** ISO time */
  addedAt: IsoTime,
  /** a signed stream URL the audio element can play */
  url: z.string(),
  /** the song's artworkUrl (contract/artwork.ts); absent when the song has none */
  artworkUrl: z.string().optional(),
  /** the song's ReplayGain tags, as Song has them; absent when the file has none */
  replayGain: ReplayGain.optional(),
});
export type RadioQueueTrack = z.infer<typeof RadioQueueTrack>;

/** The whole live state: GET /api/radio/queue and the QUEUE_UPDATE message. */
export const RadioStateData = z.object({
  queue: z.array(RadioQueueTrack),
  currentTrack: RadioQueueTrack.nullable(),
  listeners: z.number(),
  isRadioActive: z.boolean(),
  /** when the current track started, server clock, ms since the epoch; null without a current track */
  startedAt: z.number().nullable(),
  /** the server clock when this was sent, ms since the epoch */
  serverTime: z.number(),
});
export type RadioStateData = z.infer<typeof RadioStateData>;

export const RadioSnapshot = RadioStateData.extend({ success: z.literal(true) });
export type RadioSnapshot = z.infer<typeof RadioSnapshot>;

export const AddToQueueBody = z.object({ songId: z.uuid(MESSAGES.songNotFound) });
export type AddToQueueBody = z.infer<typeof AddToQueueBody>;

export const QueueItemParams = z.object({ id: z.uuid(MESSAGES.queueItemNotFound) });

export const AddToQueueResponse = z.object({ success: z.literal(true), track: RadioQueueTrack });
export type AddToQueueResponse = z.infer<typeof AddToQueueResponse>;
export type RemoveFromQueueResponse = z.infer<typeof SuccessResponse>;
export const SkipResponse = z.object({
  success: z.literal(true),
  currentTrack: RadioQueueTrack.nullable(),
  startedAt: z.number().nullable(),
  serverTime: z.number(),
});
export type SkipResponse = z.infer<typeof SkipResponse>;
export const ToggleResponse = z.object({ success: z.literal(true), isRadioActive: z.boolean() });
export type ToggleResponse = z.infer<typeof ToggleResponse>;

export const HistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RADIO_HISTORY_PAGE_MAX).default(RADIO_HISTORY_PAGE_DEFAULT),
  /** the nextCursor of the previous page */
  cursor: z.coerce.number().int().min(1).optional(),
});

export const RadioHistoryEntry = z.object({
  id: z.number(),
  songId: Id.nullable(),
  title: z.string(),
  artist: z.string(),
  addedBy: Person.nullable(),
  startedAt: IsoTime,
  endedAt: IsoTime,
  endReason: z.enum(['finished', 'skipped', 'removed']),
});
export type RadioHistoryEntry = z.infer<typeof RadioHistoryEntry>;
export const RadioHistoryResponse = z.object({ success: z.literal(true), history: z.array(RadioHistoryEntry), nextCursor: z.number().nullable() });
export type RadioHistoryResponse = z.infer<typeof RadioHistoryResponse>;

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
