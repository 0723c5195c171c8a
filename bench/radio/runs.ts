/**
 * The 10,000-listener budget is held per run: a run is a series of skips on the same sockets, and
 * the budget figure is the worst run's p99 (a good run does not hide a bad one in a pooled p99).
 */
import { summarize, type Summary } from '../lib/stats';
import type { SkipRounds } from './protocol';

export interface SkipRun {
  /** per socket and skip of this run */
  skipToTrackChange: Summary;
  /** per skip: until the last socket had it */
  skipToAllMs: number[];
  /** per skip: until the first socket had it */
  skipToFirstMs: number[];
  /** the client processes' CPU time during this run's skips, ms per process (their share of the latency) */
  clientCpuMs?: number[];
}

export function toRun(rounds: SkipRounds, clientCpuMs?: number[]): SkipRun {
  return { skipToTrackChange: summarize(rounds.latencies), skipToAllMs: rounds.skipToAllMs, skipToFirstMs: rounds.skipToFirstMs, clientCpuMs };
}

/** The run with the highest p99 (the budget's figure); throws for no runs. */
export function worstRun(runs: readonly SkipRun[]): { run: SkipRun; index: number } {
  if (runs.length === 0) throw new Error('no runs measured');
  let index = 0;
  for (let i = 1; i < runs.length; i += 1) if (runs[i].skipToTrackChange.p99 > runs[index].skipToTrackChange.p99) index = i;
  return { run: runs[index], index };
}
