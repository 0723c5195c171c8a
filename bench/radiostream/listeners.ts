import http from 'node:http';

/** One stream listener: when its first byte came and how many bytes it has read. */
export interface StreamListener {
  ttfbMs: number | null;
  bytes: number;
  /** the first two bytes were an MP3 frame sync */
  startsOnFrame: boolean | null;
  error: string | null;
  close(): void;
}

/** Opens `count` listeners of `url` at once (a raw http.get each, as a player would), reading everything. */
export function openListeners(url: string, count: number, headers: Record<string, string> = {}): StreamListener[] {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  return Array.from({ length: count }, () => {
    const started = performance.now();
    const listener: StreamListener = { ttfbMs: null, bytes: 0, startsOnFrame: null, error: null, close: () => request.destroy() };
    const request = http.get(url, { agent, headers: { 'User-Agent': 'wavelength-bench/radiostream', ...headers } }, (response) => {
      if (response.statusCode !== 200) listener.error = `HTTP ${response.statusCode}`;
      response.on('data', (chunk: Buffer) => {
        if (listener.ttfbMs === null) {
          listener.ttfbMs = performance.now() - started;
          listener.startsOnFrame = chunk.length >= 2 && chunk[0] === 0xff && (chunk[1] & 0xe0) === 0xe0;
        }
        listener.bytes += chunk.length;
      });
      response.on('error', () => undefined);
    });
    request.on('error', (err) => {
      listener.error ??= err.message;
    });
    return listener;
  });
}

/** Resolves once every listener has its first byte (or failed), or after `maxMs`. */
export async function firstBytes(listeners: StreamListener[], maxMs: number): Promise<void> {
  const deadline = performance.now() + maxMs;
  while (performance.now() < deadline && listeners.some((l) => l.ttfbMs === null && l.error === null)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
