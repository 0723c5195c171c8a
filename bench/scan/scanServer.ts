import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext } from '../lib/part';
import { startBenchServer, type BenchServer } from '../lib/serverHandle';
import { resetPeakMemory, residentMemory } from './measure';

export interface ScanServer {
  server: BenchServer;
  /** resident memory once started, before the scan (peakMb: start-up's own peak) */
  boot: { rssMb: number; peakMb: number };
  /** stops the server and removes its DATA_DIR */
  close(): Promise<void>;
}

/**
 * A bench server over `musicDir` with its database on disk, ready for a first scan: on PGlite
 * started twice (a fresh PGlite runs initdb in the server process and keeps that memory, so the
 * second start is a server that has run before), its peak RSS reset so the scan's peak is its own.
 */
export async function startScanServer(ctx: BenchContext, engine: 'PGlite' | 'PostgreSQL', musicDir: string, name: string): Promise<ScanServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `wavelength-bench-${name}-data-`));
  const options = { env: { BENCH_MUSIC_DIR: musicDir, BENCH_PGLITE_ON_DISK: '1' }, dataDir };
  let server = await startBenchServer({ ...options, databaseUrl: engine === 'PostgreSQL' ? ctx.databaseUrl : undefined });
  const close = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (engine === 'PGlite') {
      await server.stop();
      server = await startBenchServer(options);
    }
    const boot = residentMemory(server.pid);
    if (!resetPeakMemory(server.pid)) throw new Error('cannot reset the peak RSS of the server (/proc/<pid>/clear_refs)');
    return { server, boot, close };
  } catch (error) {
    await close();
    throw error;
  }
}
