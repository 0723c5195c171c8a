import type { BenchResults, Machine, PartResult } from './report';

/** A partial run (`--only … --merge`) folded into the full run's results. */
export interface MergedRun {
  parts: string[];
  machine: Machine;
  totalSeconds: number;
}

/**
 * The saved results with the partial run's parts put in place of (or beside) the saved ones, in the
 * suite's order, and the partial run remembered, so the document says which figures came later.
 */
export function mergeResults(saved: BenchResults, partial: BenchResults, order: string[]): BenchResults {
  const fresh = new Map(partial.parts.map((p) => [p.part, p]));
  const byName = new Map<string, PartResult>(saved.parts.map((p) => [p.part, p]));
  for (const [name, part] of fresh) byName.set(name, part);
  const parts = order.filter((name) => byName.has(name)).map((name) => byName.get(name)!);
  const earlier = (saved.merged ?? []).map((run) => ({ ...run, parts: run.parts.filter((name) => !fresh.has(name)) })).filter((run) => run.parts.length);
  const run: MergedRun = { parts: [...fresh.keys()], machine: partial.machine, totalSeconds: partial.totalSeconds };
  return { ...saved, parts, merged: [...earlier, run] };
}
