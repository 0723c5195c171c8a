import autocannon from 'autocannon';
import { summarize, type Summary } from './stats';

export interface LoadResult {
  latencyMs: Summary;
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerSecond: number;
}

/**
 * Runs autocannon against one server for `seconds`, each request taking the next path from
 * `paths` (round robin), and keeps every response time so percentiles are exact.
 */
export function load(options: {
  baseUrl: string;
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        headers: options.headers,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const path = options.paths[next % options.paths.length];
              next += 1;
              return { ...request, path };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          latencyMs: summarize(latencies),
          requestsPerSecond: result.requests.total / result.duration,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          bytesPerSecond: result.throughput.total / result.duration,
        });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
  });
}
