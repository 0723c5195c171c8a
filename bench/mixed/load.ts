/**
 * The mixed load against a running bench server: prepareMixed() seeds what the users need (a
 * 10,000-song library, real audio files to stream, accounts, Music Box suggestions, the radio on
 * with a queue, extra listeners' tokens); startMixedLoad() runs N simulated users from a process
 * of their own (worker.ts) and answers their figures when they stop.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { benchAudioFile } from '../lib/audioFile';
import { ROOT } from '../lib/paths';
import { addBenchSong, type BenchServer } from '../lib/serverHandle';
import { api, createListenerTokens } from '../radio/protocol';
import { searchTerms } from '../search/library';
import type { FromWorker, WorkerConfig, WorkerResult } from './protocol';

export const LIBRARY = { songs: 10_000, albums: 1_000, artists: 300 };
export const STREAM_FILES = 3;
export const SUGGESTIONS = 60;
const PASSWORD = 'mixed-load-password-1';
const RADIO_QUEUE = 40;

export interface MixedFixture {
  users: { username: string; password: string }[];
  adminToken: string;
  listenerTokens: string[];
  likeSongIds: string[];
  streamSongs: { id: string; sizeBytes: number }[];
  searchTerms: string[];
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Everything the users of startMixedLoad need, for up to `users` users and `listeners` extra sockets. */
export async function prepareMixed(server: BenchServer, options: { users: number; listeners: number; log?: (m: string) => void }): Promise<MixedFixture> {
  const log = options.log ?? (() => {});
  log(`seeding ${LIBRARY.songs.toLocaleString('en-US')} songs on ${LIBRARY.albums} albums, ${STREAM_FILES} real 5 MB WAV files`);
  await server.call({ cmd: 'seedLibrary', ...LIBRARY });
  const audio = benchAudioFile();
  const streamSongs: MixedFixture['streamSongs'] = [];
  for (let i = 0; i < STREAM_FILES; i += 1) streamSongs.push({ id: (await addBenchSong(server, `Mixed Tone ${i + 1}`, audio)).id, sizeBytes: audio.sizeBytes });

  const admin = await server.user('admin');
  // one account through the server (its password hash), the others as copies of its row
  const first = await server.call<{ id: string; username: string }>({ cmd: 'user', password: PASSWORD });
  const tag = first.username;
  const others = await server.call<{ username: string }[]>({
    cmd: 'sql',
    text: `insert into users (username, email, password_hash, role)
           select ${quote(tag)} || '_' || g, ${quote(tag)} || '_' || g || '@bench.test', u.password_hash, 'user'
           from generate_series(2, ${options.users}) g, users u where u.id = ${quote(first.id)}
           returning username`,
  });
  const users = [first, ...others].map((u) => ({ username: u.username, password: PASSWORD }));

  await server.call({
    cmd: 'sql',
    text: `insert into suggestions (title, artist, normalized_key, suggested_by)
           select 'Wish ' || g, 'Mixed Artist ' || (g % 7), 'wish ' || g || '|mixed artist ' || (g % 7), ${quote(admin.id)}
           from generate_series(1, ${SUGGESTIONS}) g`,
  });
  const likeSongIds = (await server.call<{ id: string }[]>({ cmd: 'sql', text: `select id from songs order by id limit 1000` })).map((r) => r.id);

  const queued = likeSongIds.slice(0, RADIO_QUEUE);
  for (const songId of queued) await api(server, 'POST', '/api/radio/queue', admin.token, { songId });
  const radio = await api<{ isRadioActive: boolean }>(server, 'GET', '/api/radio/queue', admin.token);
  if (!radio.isRadioActive) await api(server, 'POST', '/api/radio/toggle', admin.token);

  log(`${options.users} accounts, ${options.listeners} listener tokens`);
  const listenerTokens = await createListenerTokens(server, options.listeners);
  const terms = [...new Set(searchTerms().filter((t) => t.length === 3))];
  return { users, adminToken: admin.token, listenerTokens, likeSongIds, streamSongs, searchTerms: terms };
}

export interface MixedLoadOptions {
  users: number;
  durationMs: number;
  /** extra radio sockets beside the users' own (default 0) */
  listeners?: number;
  /** ms after the start at which the admin skips (default: none) */
  skipsAtMs?: number[];
  seed?: number;
}

export interface MixedLoad {
  /** resolves once the extra listeners are connected and the users signed in: the measured window begins */
  started: Promise<void>;
  /** resolves when the users stop by themselves after durationMs */
  finished: Promise<WorkerResult>;
  /** stops the users now (or waits for their natural end) and answers their figures */
  stop(): Promise<WorkerResult>;
}

/** Starts N simulated users (bench/mixed/worker.ts, a process of its own) against `server`. */
export function startMixedLoad(server: Pick<BenchServer, 'baseUrl'>, fixture: MixedFixture, options: MixedLoadOptions): MixedLoad {
  if (options.users > fixture.users.length) throw new Error(`${options.users} users asked, ${fixture.users.length} prepared`);
  const listeners = options.listeners ?? 0;
  if (listeners > fixture.listenerTokens.length) throw new Error(`${listeners} listeners asked, ${fixture.listenerTokens.length} prepared`);
  const config: WorkerConfig = {
    baseUrl: server.baseUrl,
    users: fixture.users.slice(0, options.users),
    durationMs: options.durationMs,
    seed: options.seed ?? 17,
    searchTerms: fixture.searchTerms,
    likeSongIds: fixture.likeSongIds,
    streamSongs: fixture.streamSongs,
    listenerTokens: fixture.listenerTokens.slice(0, listeners),
    skips: options.skipsAtMs?.length ? { adminToken: fixture.adminToken, atMs: options.skipsAtMs } : undefined,
  };
  const child = fork(path.join(ROOT, 'bench/mixed/worker.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const finished = new Promise<WorkerResult>((resolve, reject) => {
    child.on('message', (message: FromWorker) => {
      if (message.type === 'ready') child.send({ cmd: 'run', config });
      else if (message.type === 'started') markStarted();
      else if (message.type === 'done') resolve(message.result);
      else if (message.type === 'failed') reject(new Error(`mixed load: ${message.error}`));
    });
    child.once('exit', (code) => reject(new Error(`mixed load process exited with ${code} before reporting`)));
  });
  finished.catch(() => markStarted());
  return {
    started,
    finished,
    stop() {
      if (child.connected) child.send({ cmd: 'stop' });
      return finished;
    },
  };
}

/** The resident set of a process now, in MiB (Linux /proc; NaN elsewhere). */
export function residentMiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
