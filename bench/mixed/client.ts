/**
 * HTTP for the simulated users: one request timed from sending to its last byte, counted under
 * its route family (mix.ts), and what a run records: latencies per family and every error.
 */
import http from 'node:http';
import { summarize, type Summary } from '../lib/stats';
import { FAMILIES, routeFamily, type Family } from './mix';

const REQUEST_TIMEOUT_MS = 10_000;
/** error messages kept per kind, so a report shows what went wrong without carrying thousands */
const ERROR_SAMPLES = 5;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

export class Recorder {
  readonly latencies = new Map<Family, number[]>(FAMILIES.map((f) => [f, []]));
  readonly errors = new Map<string, { count: number; samples: string[] }>();
  requests = 0;

  latency(family: Family, ms: number): void {
    this.requests += 1;
    this.latencies.get(family)!.push(ms);
  }

  error(kind: string, message: string): void {
    const entry = this.errors.get(kind) ?? { count: 0, samples: [] };
    entry.count += 1;
    if (entry.samples.length < ERROR_SAMPLES) entry.samples.push(message.slice(0, 300));
    this.errors.set(kind, entry);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((n, e) => n + e.count, 0);
  }

  summary(seconds: number): LoadSummary {
    const all = [...this.latencies.values()].flat();
    return {
      seconds,
      requests: this.requests,
      requestsPerSecond: this.requests / seconds,
      overall: summarize(all),
      families: Object.fromEntries([...this.latencies].map(([f, samples]) => [f, summarize(samples)])) as Record<Family, Summary>,
      errors: this.errorCount,
      errorKinds: Object.fromEntries(this.errors),
    };
  }
}

export interface LoadSummary {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  overall: Summary;
  families: Record<Family, Summary>;
  errors: number;
  errorKinds: Record<string, { count: number; samples: string[] }>;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** statuses that are not errors (default: 2xx) */
  expect?: number[];
}

/**
 * One request to `base + path`. Its time is recorded under the path's family when it answers as
 * expected; otherwise an error is recorded and null answered (the user goes on with its next action).
 */
export function request(base: string, agent: http.Agent, recorder: Recorder, path: string, options: RequestOptions = {}): Promise<Answer | null> {
  const method = options.method ?? 'GET';
  const family = routeFamily(method, path);
  if (!family) throw new Error(`${method} ${path} is no request of the mix`);
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  const headers = { ...options.headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}) };
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(`${base}${path}`, { method, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => {
        recorder.error(`${family}: response error`, error.message);
        resolve(null);
      });
      res.on('end', () => {
        const ms = performance.now() - started;
        const status = res.statusCode ?? 0;
        const answer = { status, headers: res.headers, body: Buffer.concat(chunks), ms };
        const expected = options.expect ? options.expect.includes(status) : status >= 200 && status < 300;
        if (!expected) {
          recorder.error(`${family}: HTTP ${status}`, `${method} ${path}: ${answer.body.toString('utf8', 0, 200)}`);
          return resolve(null);
        }
        recorder.latency(family, ms);
        resolve(answer);
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (error) => {
      recorder.error(`${family}: socket error`, `${method} ${path}: ${error.message}`);
      resolve(null);
    });
    req.end(body);
  });
}

export function json<T>(answer: Answer | null): T | null {
  if (!answer) return null;
  return JSON.parse(answer.body.toString('utf8')) as T;
}
