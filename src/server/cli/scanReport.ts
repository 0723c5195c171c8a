import type { ScanResult } from '../../contract/library';
import { CliError, type CliOutput } from './command';

/** How many skipped files the report names; the rest are counted. */
const SKIPPED_SHOWN = 20;

/** The outcome of a scan in a few lines; a scan that failed is exit code 1. */
export function reportScan(result: ScanResult | null, output: CliOutput): number {
  if (!result) throw new CliError('the scan left no result');
  if (result.outcome === 'failed') throw new CliError(`the scan failed: ${result.error ?? 'unknown error'}`);
  const c = result.counters;
  const seconds = (Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 1000;
  output.out(
    `scan completed in ${seconds.toFixed(1)} s: ${c.filesSeen} files seen, ${c.added} added, ${c.changed} changed, ` +
      `${c.moved} moved, ${c.removed} marked missing, ${c.unchanged} unchanged, ${c.failed} failed`,
  );
  if (result.skippedTotal === 0) return 0;
  output.out(`skipped ${result.skippedTotal} file${result.skippedTotal === 1 ? '' : 's'}:`);
  for (const file of result.skipped.slice(0, SKIPPED_SHOWN)) output.out(`  ${file.path}: ${file.reason}`);
  if (result.skippedTotal > SKIPPED_SHOWN) output.out(`  … and ${result.skippedTotal - SKIPPED_SHOWN} more (Settings lists them)`);
  return 0;
}
