/**
 * One Subsonic client for both servers: each signs in its own way (Wavelength with an API key,
 * supysonic, which predates API keys, with u/p), everything else is the same request.
 */
import http from 'node:http';
import { getJson, type SubsonicBody, type Timed } from '../subsonic/client';
import { timedGet, type Fetched } from '../lib/http';

export interface Rest {
  name: string;
  call<T = Record<string, unknown>>(method: string, params?: Record<string, string | number>): Promise<Timed<T>>;
  /** a byte range of /rest/stream?id=, timed to the last byte */
  range(id: string, from: number, bytes: number): Promise<Fetched>;
  close(): void;
}

export function restClient(name: string, baseUrl: string, auth: Record<string, string>): Rest {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const query = (params: Record<string, string | number>) => {
    const q = new URLSearchParams({ ...auth, v: '1.10.2', c: 'wavelength-bench', f: 'json' });
    for (const [k, v] of Object.entries(params)) q.set(k, String(v));
    return q;
  };
  return {
    name,
    async call<T>(method: string, params: Record<string, string | number> = {}) {
      const got = await getJson<SubsonicBody>(`${baseUrl}/rest/${method}?${query(params)}`, agent);
      const answer = got.body['subsonic-response'];
      if (got.status !== 200 || answer?.status !== 'ok')
        throw new Error(`${name} /rest/${method} answered ${got.status}: ${JSON.stringify(answer?.error ?? got.body).slice(0, 200)}`);
      return { ms: got.ms, status: got.status, body: answer as unknown as T };
    },
    async range(id: string, from: number, bytes: number) {
      const got = await timedGet(`${baseUrl}/rest/stream?${query({ id })}`, { agent, headers: { range: `bytes=${from}-${from + bytes - 1}` } });
      if (got.status !== 206 || got.bytes !== bytes)
        throw new Error(`${name} /rest/stream answered ${got.status} with ${got.bytes} bytes, expected 206 with ${bytes}`);
      return got;
    },
    close() {
      agent.destroy();
    },
  };
}
