import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleStateOf } from './test/moduleState';

/**
 * State lives on the app (issue 26): a registry, cache or counter is a Fastify decorator or belongs
 * to a service the app (or its plugin) builds, so two apps in one process (the tests, an admin
 * socket) never share it and app.close() can end it. Module-level state is allowed only here, each
 * with its reason, keyed by file name and variable so that a moved file keeps its entry.
 */
const ALLOWED: Record<string, string> = {
  'fft.ts:twiddles': 'cos and sin tables by transform size: derived constants, computed once per size, the same for every engine',
  'keptRecords.ts:current':
    "the kept-music record read from this browser's localStorage, which is one per origin however many apps a page runs: a cache of that one record, not an app's state",
  'keptRecords.ts:listeners': 'the readers of that one localStorage record (the kept music page, the Available offline buttons), told when it changes',
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src/server', 'src/client/services', 'src/client/shared'];
/** test code may keep a counter or a compiled schema: it never runs in the server */
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTestCode(relative) ? [relative] : [];
  });
}

describe('module-level state', () => {
  const found = SCANNED.flatMap(sourceFiles).flatMap((file) =>
    moduleStateOf(file, readFileSync(path.join(ROOT, file), 'utf8')).map((state) => ({ ...state, file, key: `${path.basename(file)}:${state.name}` })),
  );

  it('is found: top-level let and var, and lower-case consts built with new or left empty to fill', () => {
    const text = [
      'let counter = 0;',
      'export var legacy = 1;',
      'const cache = new Map<string, number>();',
      'const KNOWN = new Set([1]);',
      'const tags = ["a"];',
      'const listeners: string[] = [];',
      'const byName = {} as Record<string, number>;',
      'function f() { let inner = 0; return inner; }',
    ].join('\n');
    expect(moduleStateOf('sample.ts', text)).toEqual([
      { name: 'counter', kind: 'let', line: 1 },
      { name: 'legacy', kind: 'var', line: 2 },
      { name: 'cache', kind: 'new', line: 3 },
      { name: 'listeners', kind: 'empty', line: 6 },
      { name: 'byName', kind: 'empty', line: 7 },
    ]);
  });

  it('is none outside the allowed list, in the server and the client services', () => {
    const unexpected = found.filter((state) => !(state.key in ALLOWED)).map((state) => `${state.file}:${state.line} ${state.kind} ${state.name}`);
    expect(unexpected).toEqual([]);
  });

  it('keeps no stale entry in the allowed list', () => {
    const keys = new Set(found.map((state) => state.key));
    expect(Object.keys(ALLOWED).filter((key) => !keys.has(key))).toEqual([]);
  });
});
