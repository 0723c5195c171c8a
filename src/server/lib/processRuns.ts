/** Whether a process with this id runs now (EPERM: it runs, as another user). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a leftover named with process id `pid` belongs to no live server: that process has ended,
 * or it is this process, which at start-up has made nothing yet (a server killed and started again
 * may get its old id back, as pid 1 in a container).
 */
export function ownerGone(pid: number): boolean {
  return pid === process.pid || !processRuns(pid);
}
