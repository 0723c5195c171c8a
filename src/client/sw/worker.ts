/**
 * Wavelength's service worker (docs/decisions/offline.md): precaches the app's own files of this
 * build, answers page loads from the network first and the cached page when the server cannot be
 * reached, the build's hashed files from the cache, and a kept song's stream from the music kept
 * on this device (keptAudio.ts). Everything else goes to the network untouched. A new worker
 * waits until the page asks it to take over (SKIP_WAITING).
 */
import { AUDIO_CACHE, KEPT_CHANGED, SHELL_CACHE_PREFIX, SKIP_WAITING } from './cacheNames';
import { respondFromKept, songIdOfKey, songIdOfStreamUrl } from './keptAudio';
import { routeFor } from './routeFor';

declare const __SHELL_FILES__: string[];
declare const __SHELL_VERSION__: string;

// the worker's own types, so the client's DOM typings need no WebWorker lib beside them
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope extends EventTarget {
  readonly location: Location;
  skipWaiting(): Promise<void>;
}

const worker = self as unknown as WorkerScope;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__SHELL_VERSION__}`;
/** How long a page load waits for the server before the cached page is shown. */
const NAVIGATION_TIMEOUT_MS = 3000;

worker.addEventListener('install', (event) => {
  (event as ExtendableEvent).waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(__SHELL_FILES__)));
});

worker.addEventListener('activate', (event) => {
  (event as ExtendableEvent).waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE && name !== AUDIO_CACHE).map((name) => caches.delete(name)),
        ),
      ),
  );
});

/**
 * The songs kept, known once AUDIO_CACHE has been read: a stream of any other song is then left to
 * the network untouched (no respondWith, no delay on click to sound). Null while being read.
 */
let keptIds: Set<string> | null = null;
let reading = 0;
function readKeptIds(): void {
  const generation = ++reading;
  keptIds = null;
  void caches
    .open(AUDIO_CACHE)
    .then((cache) => cache.keys())
    .then((keys) => {
      if (generation === reading) keptIds = new Set(keys.map((key) => songIdOfKey(key.url)).filter((id): id is string => id !== null));
    })
    .catch(() => undefined);
}
readKeptIds();

worker.addEventListener('message', (event) => {
  const { data } = event as MessageEvent;
  if (data === SKIP_WAITING) void worker.skipWaiting();
  else if (data === KEPT_CHANGED) readKeptIds();
});

worker.addEventListener('fetch', (event) => {
  const fetchEvent = event as FetchEvent;
  const { request } = fetchEvent;
  const route = routeFor(request.url, request.mode, worker.location.origin, request.method);
  if (route === 'navigation') fetchEvent.respondWith(navigation(request));
  else if (route === 'asset') fetchEvent.respondWith(asset(request));
  else if (route === 'kept-audio') {
    const songId = songIdOfStreamUrl(request.url);
    if (songId && (keptIds === null || keptIds.has(songId))) fetchEvent.respondWith(keptAudio(request));
  }
});

/** A kept song is always answered from the cache, online too (no network, ranges answered here); others from the network. */
async function keptAudio(request: Request): Promise<Response> {
  const kept = await respondFromKept(request, await caches.open(AUDIO_CACHE));
  return kept ?? fetch(request);
}

async function cachedPage(): Promise<Response | undefined> {
  return (await caches.open(SHELL_CACHE)).match('/');
}

/**
 * The server's page when it answers within the timeout; otherwise (no answer, refused, a 5xx from a
 * proxy in front of a stopped server) the page cached with this worker's files. The network's page
 * is never cached here: the cached one must stay the one whose scripts this worker holds.
 */
async function navigation(request: Request): Promise<Response> {
  const network = fetch(request);
  network.catch(() => undefined); // answered from the cache meanwhile: its later failure is no one's error
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), NAVIGATION_TIMEOUT_MS)));
  try {
    const first = await Promise.race([network, timedOut]);
    if (first !== 'timeout' && first.status < 500) return first;
    const cached = await cachedPage();
    if (cached) return cached;
    return first === 'timeout' ? await network : first;
  } catch (error) {
    const cached = await cachedPage();
    if (cached) return cached;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await (await caches.open(SHELL_CACHE)).match(request);
  return cached ?? fetch(request);
}
