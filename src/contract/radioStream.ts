import { z } from 'zod';
import { Id, IsoTime } from './common';

/**
 * The station's live audio stream (docs/product.md, Radio stream): one endless HTTP audio stream
 * (Icecast protocol) any player can tune to, reached through a per-user listen URL or, when an
 * admin made it public, without one.
 */

/** Where the stream is served; the listen token rides in the `listen` query parameter. */
export const RADIO_STREAM_PATH = '/api/radio/live';
export const RADIO_STREAM_TOKEN_PARAM = 'listen';

/** GET /api/radio/listen-url (and POST, which revokes the old link and makes a new one). */
export const RadioListenUrl = z.object({
  /** absolute URL with this user's own listen token */
  url: z.string(),
  /** whether the stream is public (then it plays without the token too) */
  public: z.boolean(),
  /** the URL without a token, which plays only while the stream is public */
  publicUrl: z.string(),
});
export type RadioListenUrl = z.infer<typeof RadioListenUrl>;

/** PUT /api/radio/stream/public (admin). */
export const RadioStreamPublicBody = z.object({ public: z.boolean() });
export type RadioStreamPublicBody = z.infer<typeof RadioStreamPublicBody>;

/** One open stream connection, as admins see it. */
export const RadioStreamListener = z.object({
  /** null for a listener of the public stream */
  user: z.object({ id: Id, username: z.string() }).nullable(),
  /** the player's User-Agent, cut to 200 characters */
  client: z.string(),
  connectedAt: IsoTime,
  /** bytes of audio sent so far */
  bytes: z.number().int(),
});
export type RadioStreamListener = z.infer<typeof RadioStreamListener>;

/** GET /api/radio/stream/listeners (admin). */
export const RadioStreamListeners = z.object({
  listeners: z.array(RadioStreamListener),
  /** the caps: connections per user and in total */
  maxPerUser: z.number().int(),
  maxTotal: z.number().int(),
});
export type RadioStreamListeners = z.infer<typeof RadioStreamListeners>;
