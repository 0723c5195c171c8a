import { readdirSync, readFileSync } from 'node:fs';

/** A process and every process below it (Linux: /proc/<pid>/task/<tid>/children). */
export function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i += 1) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${all[i]}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const children = readFileSync(`/proc/${all[i]}/task/${tid}/children`, 'utf8').trim();
        if (children) all.push(...children.split(/\s+/).map(Number));
      } catch {
        // the task ended meanwhile
      }
    }
  }
  return all;
}

function residentKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Resident memory (VmRSS) of a process and its children, summed, in MB (MiB). */
export function treeRssMb(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + residentKb(p), 0) / 1024;
}

export interface RssWindow {
  peakMb: number;
  meanMb: number;
  lastMb: number;
  samples: number;
}

/** Samples treeRssMb(pid) every `everyMs` until stopped: the peak, mean and last of the window. */
export function sampleRss(pid: number, everyMs = 100): { stop(): RssWindow } {
  const values: number[] = [treeRssMb(pid)];
  const timer = setInterval(() => values.push(treeRssMb(pid)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      values.push(treeRssMb(pid));
      const seen = values.filter((v) => v > 0);
      return {
        peakMb: Math.max(...seen),
        meanMb: seen.reduce((a, b) => a + b, 0) / seen.length,
        lastMb: seen[seen.length - 1],
        samples: seen.length,
      };
    },
  };
}

/** Resident memory at idle: `settleMs` after start-up, then sampled for `windowMs`; the window's mean. */
export async function idleRss(pid: number, settleMs = 3_000, windowMs = 2_000): Promise<RssWindow> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const sampler = sampleRss(pid);
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  return sampler.stop();
}
