import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LibraryWatcher } from './libraryWatcher';
import { recordingLibrary } from './test/recordingLibrary';

/** issue 27, item 26: files arriving one by one must not stall the server */
const FILES = 1_000;
/** the machine alone (no watcher, 2 shared cores at load 20) showed up to 165 ms; the recursive watcher stalled 5-23 s */
const MAX_LAG_MS = 300;
const PROBE_MS = 10;

const quiet = () => undefined;
const log = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as FastifyBaseLogger;

/** Another process writes the files one after another into a new folder, as a copy or a sync client does. */
function writeOneByOne(folder: string, files: number): Promise<void> {
  const script = `const fs=require('fs');fs.mkdirSync(process.argv[1]);for(let i=0;i<+process.argv[2];i++)fs.writeFileSync(process.argv[1]+'/track '+i+'.mp3','x');`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script, folder, String(files)], (error) => (error ? reject(error) : resolve()));
  });
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'wl-arrivals-'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('files arriving one by one in a watched folder', () => {
  it(`${FILES.toLocaleString('en-US')} files written into a new folder: the event loop never stalls ${MAX_LAG_MS} ms, and one scan of that folder is asked for`, async () => {
    const { library, scans } = recordingLibrary();
    const watcher = new LibraryWatcher({ roots: [root], library, log, burst: { quietMs: 300, maxMs: 10_000 } });
    watcher.start();
    let maxLagMs = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      maxLagMs = Math.max(maxLagMs, now - last - PROBE_MS);
      last = now;
    }, PROBE_MS);
    try {
      await writeOneByOne(path.join(root, 'Arriving'), FILES);
      const deadline = Date.now() + 10_000;
      while (!scans.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      clearInterval(probe);
      await watcher.close();
    }
    console.info(`watch: ${FILES} files arriving one by one: the event loop stalled at most ${Math.round(maxLagMs)} ms`);
    expect(maxLagMs).toBeLessThan(MAX_LAG_MS);
    expect(scans).toEqual([[path.join(root, 'Arriving')]]);
  }, 60_000);
});
