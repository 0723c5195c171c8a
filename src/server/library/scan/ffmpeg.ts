import { spawnSync } from 'node:child_process';

/** Whether `ffmpeg` runs on this machine: asks it (one process spawn) each time. */
export function ffmpegAvailable(): boolean {
  const run = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 5000 });
  return run.status === 0;
}

/** ffmpegAvailable asked once, then remembered by the answer's closure: buildApp keeps one per app. */
export function ffmpegProbe(): () => boolean {
  let found: boolean | undefined;
  return () => (found ??= ffmpegAvailable());
}
