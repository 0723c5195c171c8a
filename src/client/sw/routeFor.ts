/**
 * What the service worker does with a request: `navigation` (the page: network first, the cached
 * page when the server cannot be reached), `asset` (a hashed file of the build: the cache first),
 * `kept-audio` (a song's stream: from the music kept on this device when the song is kept, else the
 * network) or `network` (left alone: the browser fetches it as if there were no worker).
 */
export type Route = 'navigation' | 'asset' | 'kept-audio' | 'network';

/** Paths the worker never answers: the API, Subsonic, share pages, metrics and the worker itself. */
const NEVER = [/^\/api(\/|$)/, /^\/rest(\/|$)/, /^\/s(\/|$)/, /^\/metrics$/, /^\/sw\.js$/];
const SONG_STREAM = /^\/api\/songs\/stream\/[^/]+$/;
const HASHED_ASSET = /^\/assets\/[^/]+\.[0-9a-f]{8,}\.(js|css|woff2?)$/;

/** Pure, so it is tested without a worker; `origin` is the worker's own. */
export function routeFor(url: string, mode: RequestMode, origin: string, method = 'GET'): Route {
  if (method !== 'GET') return 'network';
  const parsed = new URL(url, origin);
  if (parsed.origin !== origin) return 'network';
  if (mode !== 'navigate' && SONG_STREAM.test(parsed.pathname)) return 'kept-audio';
  if (NEVER.some((path) => path.test(parsed.pathname))) return 'network';
  if (mode === 'navigate') return 'navigation';
  if (HASHED_ASSET.test(parsed.pathname)) return 'asset';
  return 'network';
}
