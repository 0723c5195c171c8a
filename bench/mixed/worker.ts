/**
 * The load process of the mixed part (forked by load.ts): opens the extra radio listeners, signs
 * the simulated users in (user.ts; 4 at a time, before the measured window), runs them for the
 * configured time, sends the admin's skips and times each
 * socket's TRACK_CHANGE, then reports a WorkerResult and exits by itself.
 */
import { summarize } from '../lib/stats';
import { Recorder } from './client';
import type { FromWorker, SkipRound, ToWorker, WorkerConfig, WorkerResult } from './protocol';
import { browse, openRadioSocket, signIn, type RunState, type Session, type UserPlan } from './user';

const send = (message: FromWorker) => process.send!(message);
const LISTENER_CONCURRENCY = 50;
const SKIP_TIMEOUT_MS = 10_000;
/** sign-ins at once: scrypt runs on libuv's 4 threads, and more at once only queue there */
const SIGNIN_CONCURRENCY = 4;

let stopRun: () => void = () => {};
const stopped = new Promise<void>((resolve) => (stopRun = resolve));
const state: RunState = { recorder: new Recorder(), stopping: false, stopped, sockets: [] };

const sleep = (ms: number) => Promise.race([new Promise<void>((r) => setTimeout(r, ms)), stopped]);

async function connectListeners(config: WorkerConfig): Promise<number> {
  let next = 0;
  let ready = 0;
  await Promise.all(
    Array.from({ length: Math.min(LISTENER_CONCURRENCY, config.listenerTokens.length) }, async () => {
      while (next < config.listenerTokens.length) if (await openRadioSocket(config.baseUrl, config.listenerTokens[next++], state)) ready += 1;
    }),
  );
  return ready;
}

/**
 * The admin's client made ready before the window: Node loads fetch's HTTP client on its first
 * call (66 ms on a quiet machine here) and opens a connection, which the first timed skip paid
 * for; the window's first skip of every arrangement was its slowest. One GET with the same token
 * warms both, so a skip's time is the server's.
 */
async function warmAdminClient(config: WorkerConfig, adminToken: string): Promise<void> {
  const res = await fetch(`${config.baseUrl}/api/radio/queue`, { headers: { authorization: `Bearer ${adminToken}` } });
  await res.arrayBuffer();
  if (!res.ok) state.recorder.error(`radio skip: warming the admin's client got HTTP ${res.status}`, '');
}

/** One skip: every ready socket's next TRACK_CHANGE, timed from sending the request. */
async function skipOnce(config: WorkerConfig, adminToken: string, latencies: number[]): Promise<SkipRound> {
  const armed = state.sockets.filter((s) => s.ready && s.ws.readyState === s.ws.OPEN).map((s) => ({ socket: s, seen: s.trackChanges.length }));
  const sentAt = performance.now();
  const res = await fetch(`${config.baseUrl}/api/radio/skip`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
  await res.arrayBuffer();
  if (!res.ok) state.recorder.error(`radio skip: HTTP ${res.status}`, '');
  const deadline = sentAt + SKIP_TIMEOUT_MS;
  while (armed.some((a) => a.socket.trackChanges.length <= a.seen) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  const arrivals = armed.filter((a) => a.socket.trackChanges.length > a.seen).map((a) => a.socket.trackChanges[a.seen] - sentAt);
  const missing = armed.length - arrivals.length;
  if (missing) state.recorder.error('radio skip: no TRACK_CHANGE within 10 s', `${missing} of ${armed.length} sockets`);
  latencies.push(...arrivals);
  return { sentAtMs: sentAt, sockets: armed.length, missing, firstMs: Math.min(...arrivals), lastMs: Math.max(...arrivals), skipStatus: res.status };
}

/** Signs every user in, SIGNIN_CONCURRENCY at a time, each opening its radio socket. */
async function signInAll(plans: UserPlan[], recorder: Recorder): Promise<{ plan: UserPlan; session: Session }[]> {
  const signedIn: { plan: UserPlan; session: Session }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SIGNIN_CONCURRENCY, plans.length) }, async () => {
      while (next < plans.length) {
        const plan = plans[next++];
        const session = await signIn(plan, state, recorder);
        if (session) signedIn.push({ plan, session });
      }
    }),
  );
  return signedIn;
}

async function run(config: WorkerConfig): Promise<WorkerResult> {
  const listeners = await connectListeners(config);
  const plans: UserPlan[] = config.users.map((user, index) => ({
    index,
    baseUrl: config.baseUrl,
    username: user.username,
    password: user.password,
    seed: config.seed * 10_007 + index,
    searchTerms: config.searchTerms,
    likeSongIds: config.likeSongIds,
    streamSongs: config.streamSongs,
  }));
  const signinRecorder = new Recorder();
  const signInStarted = performance.now();
  const signedIn = await signInAll(plans, signinRecorder);
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  if (config.skips) await warmAdminClient(config, config.skips.adminToken);
  send({ type: 'started', listeners });
  const startedAt = performance.now();
  const users = signedIn.map(({ plan, session }) => browse(plan, session, state));
  const latencies: number[] = [];
  const skipRounds: SkipRound[] = [];
  const skips = (async () => {
    if (!config.skips) return;
    for (const at of config.skips.atMs) {
      await sleep(startedAt + at - performance.now());
      if (state.stopping) return;
      skipRounds.push(await skipOnce(config, config.skips.adminToken, latencies));
    }
  })();
  await sleep(config.durationMs);
  state.stopping = true;
  stopRun();
  const seconds = (performance.now() - startedAt) / 1000;
  await Promise.all([...users, skips]);
  const socketsAtEnd = state.sockets.filter((s) => s.ready && s.ws.readyState === s.ws.OPEN).length;
  for (const s of state.sockets) s.ws.terminate();
  return {
    users: config.users.length,
    signedIn: signedIn.length,
    signIn: {
      ...signinRecorder.summary(signInSeconds).families.signin,
      seconds: signInSeconds,
      errors: signinRecorder.errorCount,
      errorKinds: Object.fromEntries(signinRecorder.errors),
    },
    load: state.recorder.summary(seconds),
    skipDelivery: latencies.length ? summarize(latencies) : null,
    skipRounds,
    socketsAtEnd,
  };
}

process.on('message', (message: ToWorker) => {
  if (message.cmd === 'stop') {
    state.stopping = true;
    stopRun();
    return;
  }
  // never outlive the run by much, whatever happens to the parent
  setTimeout(() => process.exit(3), message.config.durationMs + 120_000).unref();
  run(message.config).then(
    (result) => {
      send({ type: 'done', result });
      setTimeout(() => process.exit(0), 200);
    },
    (error: Error) => {
      send({ type: 'failed', error: error.stack ?? String(error) });
      setTimeout(() => process.exit(1), 200);
    },
  );
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
