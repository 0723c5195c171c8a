/** Radio constants the client imports as values: this file stays free of zod (radio.ts holds the schemas). */

export const RADIO_WS_PATH = '/api/radio/ws';
/** Close code of a socket whose token is missing, invalid, or whose session ended. */
export const RADIO_WS_CLOSE_UNAUTHORIZED = 4401;
/** Close code of a socket refused because its user already holds the most sockets one user may open. */
export const RADIO_WS_CLOSE_TOO_MANY = 4429;
/** Close code of every socket when the server shuts down or restarts (RFC 6455 "service restart"): the client connects again. */
export const RADIO_WS_CLOSE_SERVICE_RESTART = 1012;
export const RADIO_HISTORY_PAGE_MAX = 100;
export const RADIO_HISTORY_PAGE_DEFAULT = 20;
/** The player corrects radio playback that drifted farther than this from the live position. */
export const RADIO_DRIFT_TOLERANCE_SECONDS = 1;
