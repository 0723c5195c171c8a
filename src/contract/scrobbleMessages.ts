/**
 * docs/product.md §2.10 Scrobbling and §8: the messages of scrobbling, apart from the schemas in
 * scrobble.ts so the web client reads them without bundling zod.
 */

/** ListenBrainz tokens are UUIDs; Maloja's and others' keys differ, so only a sane length is asked. */
export const LISTENBRAINZ_TOKEN_MAX = 200;

export const SCROBBLE_MESSAGES = {
  tokenRequired: 'Paste your ListenBrainz user token',
  tokenTooLong: `A token can be at most ${LISTENBRAINZ_TOKEN_MAX} characters`,
  tokenRejected: 'ListenBrainz did not accept this token',
  listenBrainzUnreachable: 'Could not reach ListenBrainz. Try again later.',
  lastfmNotConfigured: 'Last.fm scrobbling is not set up on this server',
  lastfmStateInvalid: 'This Last.fm link has expired or is not yours. Connect again from Settings.',
  lastfmRefused: 'Last.fm did not allow the connection. Connect again from Settings.',
  lastfmUnreachable: 'Could not reach Last.fm. Try again later.',
  notConnected: 'This service is not connected',
  historyOff: 'Record my listening history is off: nothing is sent to ListenBrainz or Last.fm.',
} as const;
