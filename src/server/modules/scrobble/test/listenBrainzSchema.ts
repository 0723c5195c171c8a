import { z } from 'zod';

/**
 * The listen submission rules ListenBrainz publishes, as a schema: "JSON Documentation",
 * https://listenbrainz.readthedocs.io/en/latest/users/json.html (submission JSON, payload JSON
 * details) and the constants of https://listenbrainz.readthedocs.io/en/latest/users/api/core.html
 * (MAX_LISTENS_PER_REQUEST, MAX_LISTEN_SIZE, MAX_TAGS_PER_LISTEN, MAX_TAG_SIZE, LISTEN_MINIMUM_TS).
 * The mock server refuses with 400 whatever this refuses, as ListenBrainz does.
 */
export const MAX_LISTENS_PER_REQUEST = 1000;
export const MAX_LISTEN_SIZE = 10240;
export const MAX_TAGS_PER_LISTEN = 50;
export const MAX_TAG_SIZE = 64;
/** listens before 2002-10-01 are refused */
export const LISTEN_MINIMUM_TS = 1033430400;

const mbid = z.uuid();

/** additional_info: the documented optional fields, typed; other keys are allowed (the docs say so). */
const AdditionalInfo = z.looseObject({
  artist_mbids: z.array(mbid).optional(),
  release_group_mbid: mbid.optional(),
  release_mbid: mbid.optional(),
  recording_mbid: mbid.optional(),
  track_mbid: mbid.optional(),
  work_mbids: z.array(mbid).optional(),
  tracknumber: z.union([z.number().int(), z.string()]).optional(),
  isrc: z.string().optional(),
  spotify_id: z.string().optional(),
  tags: z.array(z.string().max(MAX_TAG_SIZE)).max(MAX_TAGS_PER_LISTEN).optional(),
  media_player: z.string().optional(),
  media_player_version: z.string().optional(),
  submission_client: z.string().optional(),
  submission_client_version: z.string().optional(),
  music_service: z.string().optional(),
  music_service_name: z.string().optional(),
  origin_url: z.url().optional(),
  duration_ms: z.number().int().positive().optional(),
  duration: z.number().int().positive().optional(),
});

export const TrackMetadata = z.object({
  artist_name: z.string().trim().min(1),
  track_name: z.string().trim().min(1),
  release_name: z.string().optional(),
  additional_info: AdditionalInfo.refine(
    (info) => !(info.duration_ms !== undefined && info.duration !== undefined),
    'give duration or duration_ms, not both',
  ).optional(),
});

const Listen = z.object({
  listened_at: z.number().int().min(LISTEN_MINIMUM_TS),
  track_metadata: TrackMetadata,
});

/** playing_now: no listened_at */
const PlayingNow = z.object({ track_metadata: TrackMetadata }).strict();

export const Submission = z.discriminatedUnion('listen_type', [
  z.object({ listen_type: z.literal('single'), payload: z.array(Listen).length(1) }),
  z.object({ listen_type: z.literal('playing_now'), payload: z.array(PlayingNow).length(1) }),
  z.object({ listen_type: z.literal('import'), payload: z.array(Listen).min(1).max(MAX_LISTENS_PER_REQUEST) }),
]);
export type Submission = z.infer<typeof Submission>;
