import { keptAudioKey } from './cacheNames';

const STREAM_PATH = /^\/api\/songs\/stream\/([^/]+)$/;
const KEY_PATH = /^\/kept\/audio\/([^/]+)$/;

/** The song a stream URL plays (`/api/songs/stream/<id>`, any query), or null for any other URL. */
export function songIdOfStreamUrl(url: string, origin = 'http://localhost'): string | null {
  const match = STREAM_PATH.exec(new URL(url, origin).pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The song a key of AUDIO_CACHE holds (keptAudioKey), or null. */
export function songIdOfKey(url: string, origin = 'http://localhost'): string | null {
  const match = KEY_PATH.exec(new URL(url, origin).pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/** [start, end] inclusive; 'unsatisfiable'; or null: no Range, or one this answers whole (several ranges, not bytes). */
export function byteRange(header: string | null, size: number): [number, number] | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || start > end ? 'unsatisfiable' : [start, end];
}

/**
 * The answer to a stream request from the music kept on this device: the whole file (200), the
 * asked part (206 with Content-Range) or 416; null when the song is not kept (the network then).
 */
export async function respondFromKept(request: Request, cache: Pick<Cache, 'match'>): Promise<Response | null> {
  const songId = songIdOfStreamUrl(request.url);
  if (!songId) return null;
  const kept = await cache.match(keptAudioKey(songId));
  if (!kept) return null;
  const blob = await kept.blob();
  const type = kept.headers.get('Content-Type') ?? 'application/octet-stream';
  const range = byteRange(request.headers.get('Range'), blob.size);
  const headers = { 'Content-Type': type, 'Accept-Ranges': 'bytes' };
  if (range === null) return new Response(blob, { status: 200, headers: { ...headers, 'Content-Length': String(blob.size) } });
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${blob.size}` } });
  const [start, end] = range;
  return new Response(blob.slice(start, end + 1), {
    status: 206,
    headers: { ...headers, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${blob.size}` },
  });
}
