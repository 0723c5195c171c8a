import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) one process has used so far, in ms (Linux /proc). */
export function ownCpuMs(pid: number): number {
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, counted after the ")" closing the name
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The direct children of a process (Linux /proc). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU time (user + system) a process and its direct children have used so far, in ms; Linux only, else NaN. */
export function processTreeCpuMs(pid: number): number {
  try {
    return [pid, ...childrenOf(pid)].reduce((sum, p) => sum + ownCpuMs(p), 0);
  } catch {
    return Number.NaN;
  }
}
