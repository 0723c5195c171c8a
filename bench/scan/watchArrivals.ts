/**
 * By hand: how long the event loop stalls while N files arrive one after another in a new folder of
 * a watched music folder (issue 27, item 26). One fresh process per count, so one run's watches do
 * not weigh on the next.
 *
 *   npx tsx bench/scan/watchArrivals.ts                      1,000, 2,000 and 5,000 files, this tree's watcher
 *   npx tsx bench/scan/watchArrivals.ts 1000 /other/checkout/src/server/library/watch/libraryWatcher.ts
 *                                                            one count, another checkout's watcher (to compare)
 *   npx tsx bench/scan/watchArrivals.ts 1000 none           the same writes with no watcher: the machine's own lag
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { recordingLibrary } from '../../src/server/library/watch/test/recordingLibrary';

const HERE = fileURLToPath(import.meta.url);
const OWN_WATCHER = path.resolve(path.dirname(HERE), '../../src/server/library/watch/libraryWatcher.ts');
/** after the last write, keep probing this long (events still being delivered, the burst's targets worked out) */
const SETTLE_MS = 3_000;
const PROBE_MS = 10;

interface Figures {
  files: number;
  maxLagMs: number;
  writeMs: number;
  /** the folders of each scan the watcher asked for, relative to the root */
  scans: (string[] | 'all')[];
}

/** Another process writes the files, one after another, as a copy or a sync client would. */
function writeOneByOne(folder: string, files: number): Promise<void> {
  const script = `const fs=require('fs');fs.mkdirSync(process.argv[1]);for(let i=0;i<+process.argv[2];i++)fs.writeFileSync(process.argv[1]+'/track '+i+'.mp3','x');`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script, folder, String(files)], (error) => (error ? reject(error) : resolve()));
  });
}

async function measure(files: number, watcherModule: string): Promise<Figures> {
  const { LibraryWatcher } = (await import(
    pathToFileURL(watcherModule === 'none' ? OWN_WATCHER : watcherModule).href
  )) as typeof import('../../src/server/library/watch/libraryWatcher');
  const root = await mkdtemp(path.join(os.tmpdir(), 'wavelength-watch-bench-'));
  const quiet = () => undefined;
  const log = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as FastifyBaseLogger;
  const { library, scans } = recordingLibrary();
  const watcher = new LibraryWatcher({ roots: [root], library, log });
  // "none": the same writes unwatched, the machine's own lag
  if (watcherModule !== 'none') watcher.start();
  await new Promise((resolve) => setTimeout(resolve, 200));
  let maxLagMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - last - PROBE_MS);
    last = now;
  }, PROBE_MS);
  const folder = path.join(root, 'Arriving');
  const start = performance.now();
  await writeOneByOne(folder, files);
  const writeMs = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  clearInterval(probe);
  await watcher.close();
  await rm(root, { recursive: true, force: true });
  return {
    files,
    maxLagMs: Math.round(maxLagMs),
    writeMs: Math.round(writeMs),
    scans: scans.map((targets) => targets?.map((t) => path.relative(root, t)) ?? 'all'),
  };
}

const [countArg, watcherArg] = process.argv.slice(2);
if (countArg) {
  console.log(JSON.stringify(await measure(Number(countArg), watcherArg === 'none' ? 'none' : path.resolve(watcherArg ?? OWN_WATCHER))));
} else {
  for (const files of [1_000, 2_000, 5_000]) {
    const out = execFileSync('npx', ['tsx', HERE, String(files), OWN_WATCHER], { encoding: 'utf8' });
    const figures = JSON.parse(out.trim().split('\n').pop() as string) as Figures;
    console.log(
      `${files} files: event loop stalled at most ${figures.maxLagMs} ms; writing took ${figures.writeMs} ms; scans asked: ${JSON.stringify(figures.scans)}`,
    );
  }
}
