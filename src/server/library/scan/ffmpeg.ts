import { spawnSync } from 'node:child_process';

let found: boolean | undefined;

/** Whether `ffmpeg` runs on this machine (checked once per process). */
export function ffmpegAvailable(): boolean {
  if (found === undefined) {
    const run = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 5000 });
    found = run.status === 0;
  }
  return found;
}
