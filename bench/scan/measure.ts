import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { timedGet } from '../lib/http';
import type { BenchServer } from '../lib/serverHandle';
import { summarize, type Summary } from '../lib/stats';

/** A process's resident memory now and at its peak (VmRSS, VmHWM of /proc/<pid>/status), in MB. */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Resets VmHWM to the current RSS (Linux: "5" into clear_refs), so the next peak is that of what follows. */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function getJson<T>(server: BenchServer, path: string, token: string): Promise<T> {
  const res = await fetch(server.baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

/** Polls GET /api/songs?search=<word> every 50 ms until a song is there; answers the ms since `since`. */
export async function waitUntilSearchable(server: BenchServer, token: string, word: string, since: number, limitMs: number): Promise<number> {
  for (;;) {
    const { songs } = await getJson<{ songs: { title: string }[] }>(server, `/api/songs?search=${encodeURIComponent(word)}`, token);
    if (songs.length) return performance.now() - since;
    if (performance.now() - since > limitMs) throw new Error(`"${word}" not searchable after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const ALBUM_SORTS = ['recent', 'name', 'artist', 'year'] as const;

export interface AlbumsLatency {
  all: Summary;
  bySort: Record<string, Summary>;
  non200: number;
}

/**
 * GET /api/albums over one keep-alive connection, one request at a time: for each sort its first
 * page and the page after it (by the first page's cursor), `rounds` times, after `warmup` rounds.
 */
export async function albumsLatency(server: BenchServer, token: string, rounds: number, warmup: number): Promise<AlbumsLatency> {
  const headers = { authorization: `Bearer ${token}` };
  const paths: string[] = [];
  for (const sort of ALBUM_SORTS) {
    const first = await getJson<{ nextCursor: string | null }>(server, `/api/albums?sort=${sort}`, token);
    paths.push(`/api/albums?sort=${sort}`);
    if (first.nextCursor) paths.push(`/api/albums?sort=${sort}&cursor=${encodeURIComponent(first.nextCursor)}`);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: Record<string, number[]> = Object.fromEntries(ALBUM_SORTS.map((s) => [s, []]));
  let non200 = 0;
  for (let round = 0; round < warmup + rounds; round += 1) {
    for (const p of paths) {
      const got = await timedGet(server.baseUrl + p, { agent, headers });
      if (got.status !== 200) non200 += 1;
      if (round >= warmup) samples[/sort=(\w+)/.exec(p)![1]].push(got.totalMs);
    }
  }
  agent.destroy();
  return {
    all: summarize(Object.values(samples).flat()),
    bySort: Object.fromEntries(Object.entries(samples).map(([sort, s]) => [sort, summarize(s)])),
    non200,
  };
}
