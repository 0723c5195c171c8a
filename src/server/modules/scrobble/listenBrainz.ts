import type { ScrobbleTrack } from '../../db/schema';
import { networkFailure, outcomeOfStatus, SERVICE_TIMEOUT_MS, type SendOutcome } from './outcome';

/**
 * The ListenBrainz API (https://listenbrainz.readthedocs.io/en/latest/users/api/core.html and
 * .../users/json.html): a user token in `Authorization: Token <token>`; listens as JSON with
 * listen_type single, import or playing_now. Maloja and other compatible servers take the same calls.
 */

/** The documented limits: listens per request, and bytes per listen. */
export const MAX_LISTENS_PER_REQUEST = 1000;
export const MAX_LISTEN_SIZE = 10240;
/** What this app sends per call: well under the limit, so one refused batch costs little. */
export const LISTENBRAINZ_BATCH = 100;

export interface QueuedListen {
  track: ScrobbleTrack;
  listenedAt: Date;
  chosenByUser: boolean;
}

export type Fetch = typeof fetch;

const SUBMISSION_CLIENT = 'Wavelength';

/** The documented track_metadata of a song; additional_info only with what is known. */
export function trackMetadata(track: ScrobbleTrack, chosenByUser: boolean) {
  const info: Record<string, unknown> = { submission_client: SUBMISSION_CLIENT, media_player: SUBMISSION_CLIENT };
  if (track.durationMs) info.duration_ms = track.durationMs;
  if (track.trackNumber) info.tracknumber = track.trackNumber;
  if (track.recordingMbid) info.recording_mbid = track.recordingMbid;
  if (track.releaseMbid) info.release_mbid = track.releaseMbid;
  if (track.artistMbids?.length) info.artist_mbids = track.artistMbids;
  // the radio's songs were the station's choice; ListenBrainz has no "chosen" flag, so the source is named
  if (!chosenByUser) info.music_service_name = 'Wavelength radio';
  return {
    artist_name: track.artist,
    track_name: track.title,
    ...(track.album ? { release_name: track.album } : {}),
    additional_info: info,
  };
}

export function listenOf(listen: QueuedListen) {
  return { listened_at: Math.floor(listen.listenedAt.getTime() / 1000), track_metadata: trackMetadata(listen.track, listen.chosenByUser) };
}

export function createListenBrainzClient(baseUrl: string, fetchImpl: Fetch, now: () => number) {
  async function call(path: string, token: string, init: RequestInit = {}): Promise<Response> {
    return fetchImpl(`${baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
    });
  }

  async function submit(token: string, body: unknown): Promise<SendOutcome> {
    try {
      const res = await call('/1/submit-listens', token, { method: 'POST', body: JSON.stringify(body) });
      const text = res.ok ? '' : await res.text().catch(() => '');
      return outcomeOfStatus(res, errorText(text), now());
    } catch (error) {
      return networkFailure(error);
    }
  }

  return {
    /** GET /1/validate-token: the user name, null when the token is refused; throws when the server cannot be reached. */
    async validateToken(token: string): Promise<string | null> {
      const res = await call('/1/validate-token', token);
      if (res.status === 401 || res.status === 400) return null;
      if (!res.ok) throw new Error(`validate-token answered HTTP ${res.status}`);
      const body = (await res.json()) as { valid?: boolean; user_name?: string };
      return body.valid && body.user_name ? body.user_name : null;
    },

    /** One listen now playing; best effort, its outcome only logged. */
    playingNow(token: string, track: ScrobbleTrack, chosenByUser: boolean): Promise<SendOutcome> {
      return submit(token, { listen_type: 'playing_now', payload: [{ track_metadata: trackMetadata(track, chosenByUser) }] });
    },

    /** Listens in listened order: `single` for one, `import` for more (up to LISTENBRAINZ_BATCH). */
    submitListens(token: string, listens: QueuedListen[]): Promise<SendOutcome> {
      return submit(token, { listen_type: listens.length === 1 ? 'single' : 'import', payload: listens.map(listenOf) });
    },
  };
}

export type ListenBrainzClient = ReturnType<typeof createListenBrainzClient>;

/** ListenBrainz answers errors as { code, error }. */
function errorText(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : text;
  } catch {
    return text;
  }
}
