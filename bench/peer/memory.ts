import { readFileSync } from 'node:fs';

/** VmRSS and VmHWM of a process in MB; null once it is gone. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/**
 * The highest VmHWM seen of a process that will exit by itself (a CLI), sampled every 50 ms: the
 * high-water mark only grows, so the last sample before exit is its peak within that much.
 */
export function peakMemoryWhileRunning(pid: number): { stop(): number } {
  let peak = 0;
  const sample = () => {
    const m = memoryOf(pid);
    if (m && Number.isFinite(m.peakMb)) peak = Math.max(peak, m.peakMb);
  };
  sample();
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
