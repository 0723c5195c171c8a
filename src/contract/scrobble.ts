import { z } from 'zod';
import { MESSAGES } from './messages';
import { LISTENBRAINZ_TOKEN_MAX, SCROBBLE_MESSAGES } from './scrobbleMessages';

/** docs/product.md §2.10 Scrobbling and §7.11: the user's connections to ListenBrainz and Last.fm. */
export const SCROBBLE_SERVICES = ['listenbrainz', 'lastfm'] as const;
export type ScrobbleService = (typeof SCROBBLE_SERVICES)[number];

export const ScrobbleConnection = z.object({
  service: z.enum(SCROBBLE_SERVICES),
  username: z.string(),
  /** listens waiting to be sent, and those that have failed at least once */
  pending: z.number().int(),
  failing: z.number().int(),
});
export type ScrobbleConnection = z.infer<typeof ScrobbleConnection>;

/** GET /scrobble/connections: the caller's own connections, and whether the admin set up Last.fm. */
export const ScrobbleConnectionsResponse = z.object({
  success: z.literal(true),
  connections: z.array(ScrobbleConnection),
  lastfmAvailable: z.boolean(),
});
export type ScrobbleConnectionsResponse = z.infer<typeof ScrobbleConnectionsResponse>;

export const ListenBrainzTokenBody = z.object({
  token: z
    .string(SCROBBLE_MESSAGES.tokenRequired)
    .trim()
    .min(1, SCROBBLE_MESSAGES.tokenRequired)
    .max(LISTENBRAINZ_TOKEN_MAX, SCROBBLE_MESSAGES.tokenTooLong)
    .regex(/^[\x21-\x7e]+$/, SCROBBLE_MESSAGES.tokenRejected),
});
export type ListenBrainzTokenBody = z.infer<typeof ListenBrainzTokenBody>;

export const ScrobbleServiceParams = z.object({ service: z.enum(SCROBBLE_SERVICES) });

/** POST /scrobble/lastfm/connect: where to send the browser to allow Wavelength on Last.fm. */
export const LastfmConnectResponse = z.object({ success: z.literal(true), url: z.string() });
export type LastfmConnectResponse = z.infer<typeof LastfmConnectResponse>;

export const LastfmCallbackQuery = z.object({ state: z.string().max(500).default(''), token: z.string().max(200).default('') });

/** POST /scrobble/now-playing: the web player started this song. */
export const NowPlayingBody = z.object({ songId: z.uuid(MESSAGES.songNotFound) });

/** POST /scrobble/listened: the web player reached this song's scrobble point (or its end); startedAt when it began. */
export const ListenedBody = z.object({
  songId: z.uuid(MESSAGES.songNotFound),
  startedAt: z.iso.datetime().optional(),
});
export type ListenedBody = z.infer<typeof ListenedBody>;

/** Whether the listen was queued: false when the user records no history, has no connection, or the song is 30 s or shorter. */
export const ListenedResponse = z.object({ success: z.literal(true), queued: z.number().int() });
