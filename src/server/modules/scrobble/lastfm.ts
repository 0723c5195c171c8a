import { createHash } from 'node:crypto';
import type { ScrobbleTrack } from '../../db/schema';
import type { Fetch, QueuedListen } from './listenBrainz';
import { networkFailure, retryAfterMs, SERVICE_TIMEOUT_MS, type SendOutcome } from './outcome';

/**
 * The Last.fm API (https://www.last.fm/api): every call carries api_key and api_sig, the md5 of
 * the parameters sorted by name as name+value, then the shared secret (format and callback are
 * not signed). track.scrobble takes up to 50 scrobbles a call as artist[i], track[i], timestamp[i]...
 */
export const LASTFM_BATCH = 50;

export interface LastfmSettings {
  apiKey: string;
  apiSecret: string;
  apiUrl: string;
  authUrl: string;
}

export function lastfmSignature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'format' && k !== 'callback')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
  return createHash('md5')
    .update(text + secret, 'utf8')
    .digest('hex');
}

/** Last.fm errors worth another try: operation failed (8), service offline (11), temporarily unavailable (16), rate limit (29). */
const RETRIED_ERRORS = new Set([8, 11, 16, 29]);

function trackParams(track: ScrobbleTrack, i: number | null): Record<string, string> {
  const at = (name: string) => (i === null ? name : `${name}[${i}]`);
  const params: Record<string, string> = { [at('artist')]: track.artist, [at('track')]: track.title };
  if (track.album) params[at('album')] = track.album;
  if (track.durationMs) params[at('duration')] = String(Math.round(track.durationMs / 1000));
  if (track.trackNumber) params[at('trackNumber')] = String(track.trackNumber);
  if (track.recordingMbid) params[at('mbid')] = track.recordingMbid;
  return params;
}

export function createLastfmClient(settings: LastfmSettings, fetchImpl: Fetch, now: () => number) {
  async function call(params: Record<string, string>): Promise<{ res: Response; body: { error?: number; message?: string } & Record<string, unknown> }> {
    const signed = { ...params, api_key: settings.apiKey };
    const form = new URLSearchParams({ ...signed, api_sig: lastfmSignature(signed, settings.apiSecret), format: 'json' });
    const res = await fetchImpl(settings.apiUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS) });
    const body = (await res.json().catch(() => ({}))) as { error?: number; message?: string };
    return { res, body };
  }

  async function send(params: Record<string, string>): Promise<SendOutcome> {
    try {
      const { res, body } = await call(params);
      if (res.ok && body.error === undefined) return { kind: 'sent' };
      const reason = `HTTP ${res.status}${body.error !== undefined ? `, Last.fm error ${body.error}: ${String(body.message ?? '').slice(0, 200)}` : ''}`;
      if (res.status === 429 || body.error === 29) return { kind: 'retry', reason, retryAfterMs: retryAfterMs(res.headers, now()) };
      if (res.status >= 500 || (body.error !== undefined && RETRIED_ERRORS.has(body.error))) return { kind: 'retry', reason };
      return { kind: 'drop', reason };
    } catch (error) {
      return networkFailure(error);
    }
  }

  return {
    /** Where the browser goes to allow Wavelength; Last.fm comes back to `callbackUrl` with a token. */
    authorizeUrl(callbackUrl: string): string {
      return `${settings.authUrl}?${new URLSearchParams({ api_key: settings.apiKey, cb: callbackUrl })}`;
    },

    /** auth.getSession: the session key and user name for the token the callback got; null when refused. */
    async getSession(token: string): Promise<{ key: string; name: string } | null> {
      const { res, body } = await call({ method: 'auth.getSession', token });
      const session = body.session as { key?: string; name?: string } | undefined;
      if (res.ok && session?.key && session.name) return { key: session.key, name: session.name };
      if (res.status >= 500) throw new Error(`auth.getSession answered HTTP ${res.status}`);
      return null;
    },

    updateNowPlaying(sessionKey: string, track: ScrobbleTrack): Promise<SendOutcome> {
      return send({ method: 'track.updateNowPlaying', sk: sessionKey, ...trackParams(track, null) });
    },

    /** Up to LASTFM_BATCH scrobbles, in listened order; the radio's carry chosenByUser=0. */
    scrobble(sessionKey: string, listens: QueuedListen[]): Promise<SendOutcome> {
      const params: Record<string, string> = { method: 'track.scrobble', sk: sessionKey };
      listens.forEach((listen, i) => {
        Object.assign(params, trackParams(listen.track, i), { [`timestamp[${i}]`]: String(Math.floor(listen.listenedAt.getTime() / 1000)) });
        if (!listen.chosenByUser) params[`chosenByUser[${i}]`] = '0';
      });
      return send(params);
    },
  };
}

export type LastfmClient = ReturnType<typeof createLastfmClient>;
