/**
 * One simulated user of the mixed load: signs in through the real login route, keeps its radio
 * socket open, then searches, browses albums and songs, streams ranges, likes and unlikes and
 * votes in the Music Box, thinking 0.5-2 s between actions, until the run stops.
 * The recorder of the actions is the measured window's; sign-ins go to one of their own.
 */
import http from 'node:http';
import WebSocket from 'ws';
import { json, request, type Recorder, type RequestOptions } from './client';
import { createRng, pickAction, pickOne, pickRange, thinkTime } from './mix';

export interface UserPlan {
  index: number;
  baseUrl: string;
  username: string;
  password: string;
  seed: number;
  searchTerms: readonly string[];
  likeSongIds: readonly string[];
  streamSongs: readonly { id: string; sizeBytes: number }[];
}

/** What every run shares: the recorder, the stop signal and the radio sockets (skips are timed on them). */
export interface RunState {
  recorder: Recorder;
  stopping: boolean;
  /** resolves when the run stops: sleeps end early on it */
  stopped: Promise<void>;
  sockets: RadioSocket[];
}

export interface RadioSocket {
  ws: WebSocket;
  /** performance.now() of each TRACK_CHANGE */
  trackChanges: number[];
  ready: boolean;
}

const ALBUM_SORTS = ['recent', 'name', 'artist', 'year'] as const;

function sleep(ms: number, state: RunState): Promise<void> {
  return Promise.race([new Promise<void>((r) => setTimeout(r, ms).unref()), state.stopped]);
}

/** Opens a radio socket that counts as this run's until the run stops; resolves at its first QUEUE_UPDATE. */
export function openRadioSocket(baseUrl: string, token: string, state: RunState, headers: Record<string, string> = {}): Promise<RadioSocket | null> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/radio/ws?token=${encodeURIComponent(token)}`, { perMessageDeflate: false, headers });
  const socket: RadioSocket = { ws, trackChanges: [], ready: false };
  state.sockets.push(socket);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.recorder.error('radio socket: no QUEUE_UPDATE within 10 s', '');
      resolve(null);
    }, 10_000);
    ws.on('message', (data: Buffer) => {
      const head = data.toString('latin1', 0, 32);
      if (head.startsWith('{"type":"TRACK_CHANGE"')) socket.trackChanges.push(performance.now());
      else if (head.startsWith('{"type":"QUEUE_UPDATE"') && !socket.ready) {
        socket.ready = true;
        clearTimeout(timer);
        resolve(socket);
      } else if (head.startsWith('{"type":"ERROR"')) state.recorder.error('radio socket: ERROR message', String(data));
    });
    ws.on('error', (error) => {
      if (!state.stopping) state.recorder.error('radio socket: error', error.message);
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      if (!state.stopping) state.recorder.error('radio socket: closed during the run', `code ${code}`);
      resolve(null);
    });
  });
}

export interface Session {
  bearer: Record<string, string>;
  streamCookie: string;
  address: Record<string, string>;
  agent: http.Agent;
}

/**
 * Signs in through POST /api/auth/login (times and errors into `recorder`), keeps the session's
 * wl_stream cookie and opens the user's radio socket; null when the sign-in failed.
 */
export async function signIn(plan: UserPlan, state: RunState, recorder: Recorder): Promise<Session | null> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  // each user from an address of its own, as people behind the install's reverse proxy are
  const address = { 'x-forwarded-for': `10.1.${plan.index >> 8}.${plan.index & 255}` };
  const login = await request(plan.baseUrl, agent, recorder, '/api/auth/login', {
    method: 'POST',
    json: { username: plan.username, password: plan.password },
    headers: address,
  });
  const token = json<{ token: { token: string } }>(login)?.token.token;
  if (!login || !token) {
    agent.destroy();
    return null;
  }
  const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  const streamCookie = cookies.find((c) => c.startsWith('wl_stream=')) ?? '';
  if (!streamCookie) recorder.error('signin: no wl_stream cookie', plan.username);
  // its failures are the run's errors (openRadioSocket records them)
  await openRadioSocket(plan.baseUrl, token, state, address);
  return { bearer: { authorization: `Bearer ${token}` }, streamCookie, address, agent };
}

/** The user's actions with think time between them, from a first think time until the run stops. */
export async function browse(plan: UserPlan, session: Session, state: RunState): Promise<void> {
  const random = createRng(plan.seed);
  const { bearer, streamCookie, address, agent } = session;
  const call = (path: string, options: RequestOptions = {}) =>
    request(plan.baseUrl, agent, state.recorder, path, { ...options, headers: { ...address, ...options.headers } });
  let songsCursor: string | null = null;
  const actions = {
    search: async () => {
      await call(`/api/search?q=${encodeURIComponent(pickOne(random, plan.searchTerms))}`, { headers: bearer });
    },
    albums: async () => {
      const page = json<{ albums: { id: string }[] }>(await call(`/api/albums?sort=${pickOne(random, ALBUM_SORTS)}&limit=50`, { headers: bearer }));
      if (page?.albums.length) await call(`/api/albums/${pickOne(random, page.albums).id}`, { headers: bearer });
    },
    songs: async () => {
      // each visit pages further through the song list, as scrolling does
      const cursor: string = songsCursor ? `&cursor=${encodeURIComponent(songsCursor)}` : '';
      const page = json<{ songs: { id: string }[]; nextCursor: string | null }>(await call(`/api/songs?limit=50${cursor}`, { headers: bearer }));
      if (!page) return;
      songsCursor = page.nextCursor;
      if (page.songs.length) await call(`/api/songs/${pickOne(random, page.songs).id}`, { headers: bearer });
    },
    stream: async () => {
      const song = pickOne(random, plan.streamSongs);
      const { start, end } = pickRange(random, song.sizeBytes);
      const answer = await call(`/api/songs/stream/${song.id}`, { headers: { cookie: streamCookie, range: `bytes=${start}-${end}` }, expect: [206] });
      if (answer && answer.body.length !== end - start + 1) state.recorder.error('stream: wrong length', `${answer.body.length} bytes for ${start}-${end}`);
    },
    like: async () => {
      const id = pickOne(random, plan.likeSongIds);
      const first = json<{ liked: boolean }>(await call(`/api/liked-songs/${id}/toggle`, { method: 'POST', headers: bearer }));
      const second = json<{ liked: boolean }>(await call(`/api/liked-songs/${id}/toggle`, { method: 'POST', headers: bearer }));
      if (first && second && first.liked === second.liked) state.recorder.error('like: toggle did not flip', `${id} stayed ${first.liked}`);
    },
    vote: async () => {
      const page = Math.floor(random() * 5) + 1;
      const list = json<{ suggestions: { id: string }[] }>(await call(`/api/musicbox/suggestions?sort=popular&limit=10&page=${page}`, { headers: bearer }));
      if (list?.suggestions.length)
        await call(`/api/musicbox/suggestions/${pickOne(random, list.suggestions).id}/toggle-vote`, { method: 'POST', headers: bearer });
    },
  };
  try {
    // a first think time, so the users do not all start in step
    await sleep(thinkTime(random), state);
    while (!state.stopping) {
      await actions[pickAction(random)]();
      await sleep(thinkTime(random), state);
    }
  } finally {
    agent.destroy();
  }
}
