import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The `state` of the Last.fm callback: the user who asked and until when, signed with a key derived
 * from the server's secret. Last.fm's redirect carries no bearer token, so this is what says whose
 * connection the callback completes; it cannot be made for another user.
 */
export const LASTFM_STATE_TTL_MS = 10 * 60_000;

export function createLastfmState(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'wavelength', 'lastfm callback state v1', 32));
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    make(userId: string, now: number): string {
      const payload = `${userId}.${now + LASTFM_STATE_TTL_MS}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The user the state was made for, or null when forged, changed or expired. */
    read(state: string, now: number): string | null {
      const parts = state.split('.');
      if (parts.length !== 3) return null;
      const [userId, expires, signature] = parts;
      const expected = Buffer.from(sign(`${userId}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!(Number(expires) > now)) return null;
      return userId;
    },
  };
}
