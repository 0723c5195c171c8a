import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function cpuMsOf(statFile: string): number {
  // utime and stime are the 12th and 13th fields after the command name (which may hold spaces)
  const stat = readFileSync(statFile, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU time (user + system) used so far, in ms (Linux /proc): the whole process, and its main thread. */
export function serverCpuMs(pid: number): { process: number; mainThread: number } {
  // the main thread's id is the process id; the embedded database's worker thread, libuv's pool and
  // V8's helper threads are the others
  return { process: cpuMsOf(`/proc/${pid}/stat`), mainThread: cpuMsOf(`/proc/${pid}/task/${pid}/stat`) };
}
