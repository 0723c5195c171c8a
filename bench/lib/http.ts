import http from 'node:http';

export interface Fetched {
  status: number;
  /** request start to the first body byte */
  ttfbMs: number;
  /** request start to the last byte */
  totalMs: number;
  bytes: number;
}

/** One GET, body read and dropped, with time to first byte and to the end. */
export function timedGet(url: string, options: { agent?: http.Agent; headers?: Record<string, string> } = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let ttfb = 0;
    let bytes = 0;
    const req = http.get(url, { agent: options.agent, headers: options.headers }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) ttfb = performance.now() - start;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ttfbMs: ttfb || performance.now() - start, totalMs: performance.now() - start, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}

/**
 * `connections` loops, each sending GETs back to back over its own keep-alive socket for
 * `seconds`; returns bytes per second over the whole window and every request's times.
 */
export async function throughput(options: {
  url: () => string;
  headers?: () => Record<string, string>;
  connections: number;
  seconds: number;
  expectStatus: number;
}): Promise<{ bytesPerSecond: number; requests: number; samples: Fetched[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const deadline = performance.now() + options.seconds * 1000;
  const samples: Fetched[] = [];
  const start = performance.now();
  let bytes = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const got = await timedGet(options.url(), { agent, headers: options.headers?.() });
        if (got.status !== options.expectStatus) throw new Error(`${options.url()} answered ${got.status}, expected ${options.expectStatus}`);
        bytes += got.bytes;
        samples.push(got);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { bytesPerSecond: bytes / elapsed, requests: samples.length, samples };
}
