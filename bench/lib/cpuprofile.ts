import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Where a frame's code lives, coarse enough to read in a report. */
export function categorize(url: string, functionName: string): string {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 / native (program)';
  if (url.startsWith('wasm://') || url.includes('@electric-sql/pglite')) return 'PGlite (PostgreSQL in WASM)';
  if (url.includes('/node_modules/pg') || url.includes('pg-protocol')) return 'pg driver';
  if (url.includes('/node_modules/jose/')) return 'jose (JWT sign/verify)';
  if (url.includes('/node_modules/drizzle-orm/')) return 'drizzle-orm';
  if (/\/node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify|fast-json-stringify|pino)/.test(url)) return 'fastify';
  if (url.includes('/node_modules/zod/')) return 'zod';
  if (url.includes('/node_modules/ws/')) return 'ws';
  if (url.includes('/src/server/')) return `app: ${url.replace(/^.*\/src\/server\//, '')}`;
  if (url.startsWith('node:') || url === '') return 'node core / builtins';
  if (url.includes('/node_modules/')) return url.replace(/^.*\/node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1');
  return url;
}

export interface ProfileSummary {
  totalMs: number;
  /** share of sampled time by category, largest first, in ms */
  byCategory: [string, number][];
  /** heaviest functions by self time, in ms */
  topFunctions: [string, number][];
}

/** Self time per category and per function from a .cpuprofile (V8's format). */
export function summarizeProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  if (profile.samples && profile.timeDeltas) {
    for (let i = 0; i < profile.samples.length; i += 1) {
      const id = profile.samples[i];
      selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    }
  }
  const categories = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const category = categorize(url, functionName);
    categories.set(category, (categories.get(category) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const sorted = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round(v)] as [string, number]);
  return { totalMs: Math.round((profile.endTime - profile.startTime) / 1000), byCategory: sorted(categories, 12), topFunctions: sorted(functions, 15) };
}
