import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL settings the embedded database starts with (docs/decisions/footprint.md). PGlite keeps
 * PostgreSQL's server defaults (128 MB of shared buffers, 64 MB for index builds), sized for a
 * machine of its own; in WebAssembly every page once touched stays resident, since its memory
 * never shrinks. A self-hosted library fits in far less.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  temp_buffers: '2MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  max_connections: '10',
};

/** PGlite's own start parameters, then ours as `-c name=value`. */
export function pgliteStartParams(settings: Readonly<Record<string, string>> = PGLITE_SETTINGS): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

export type WasmTier = 'baseline' | 'optimized';

/** node's flags for PGlite's WebAssembly: baseline is V8's Liftoff compiler only, never TurboFan's optimized code. */
export function wasmTierFlag(tier: WasmTier): string {
  return tier === 'baseline' ? '--liftoff-only' : '--no-liftoff-only';
}

/**
 * Sets how V8 compiles WebAssembly from now on. V8's flags are process-wide and cannot be given to
 * one worker thread; the server itself compiles no WebAssembly, so setting them just before the
 * database thread compiles PGlite's amounts to setting them for that thread.
 */
export function setWasmTier(tier: WasmTier): void {
  v8.setFlagsFromString(wasmTierFlag(tier));
}
