/** What crosses instances on the radio channel: never data, only what to re-read or a count. */
export type RadioEvent =
  | { kind: 'changed'; from: string }
  | { kind: 'listeners'; from: string; count: number }
  | { kind: 'hello'; from: string }
  | { kind: 'bye'; from: string };

export const RADIO_CHANNEL = 'radio_events';
/** pg_try_advisory_lock key of the radio clock ("radi"). */
export const RADIO_CLOCK_LOCK_KEY = 0x72616469;

export interface RadioTimings {
  /** a non-holder tries to take the clock this often */
  lockRetryMs: number;
  /** this instance's listener count is published at most this often */
  listenersFlushMs: number;
  /** LISTENERS_UPDATE goes out at most this often */
  listenersBroadcastMs: number;
  /** instances with listeners re-publish their count this often... */
  heartbeatMs: number;
  /** ...and a count not heard of for this long is dropped (its instance died) */
  peerTtlMs: number;
  /** sockets whose session ended (logout, password reset) are closed within this */
  sessionCheckMs: number;
  /** dead connections are found by ping this often */
  pingMs: number;
}

export const DEFAULT_RADIO_TIMINGS: RadioTimings = {
  lockRetryMs: 1_000,
  listenersFlushMs: 100,
  listenersBroadcastMs: 250,
  heartbeatMs: 5_000,
  peerTtlMs: 15_000,
  sessionCheckMs: 10_000,
  pingMs: 30_000,
};

/** sockets one user may hold open on one instance (tabs); the next one is refused */
export const DEFAULT_MAX_SOCKETS_PER_USER = 10;
