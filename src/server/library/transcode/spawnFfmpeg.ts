import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Runs the command given as its arguments and kills it (SIGKILL) as soon as its standard input
 * reaches its end: the server holds the write end of that pipe and never writes, so the pipe ends
 * only when the server does, however it dies (kill -9 included). The command's own standard input
 * is /dev/null and the watcher keeps none of its output open, so its end is seen at once.
 */
export const GUARD_SCRIPT = [
  'exec 3<&0',
  '"$@" </dev/null &',
  'child=$!',
  '{ while read -r _ <&3; do :; done; kill -9 "$child" 2>/dev/null; } >/dev/null 2>&1 &',
  'guard=$!',
  'exec 3<&-',
  'wait "$child"',
  'code=$?',
  'kill "$guard" 2>/dev/null',
  'exit "$code"',
].join('\n');

export interface FfmpegChild {
  child: ChildProcess;
  /** kills ffmpeg and its wrapper (the whole process group) */
  kill: () => void;
}

export type SpawnFfmpeg = (ffmpegPath: string, args: string[], stdout: 'pipe' | 'ignore') => FfmpegChild;

/**
 * Starts ffmpeg so that it dies with the server (GUARD_SCRIPT): without it, a kill -9 of the
 * server left an ffmpeg making a FLAC copy running on, writing its `.part` (issue 27). The
 * wrapper leads its own process group, so a stop kills ffmpeg with it.
 */
export const spawnFfmpeg: SpawnFfmpeg = (ffmpegPath, args, stdout) => {
  const child = spawn('/bin/sh', ['-c', GUARD_SCRIPT, 'wavelength-ffmpeg', ffmpegPath, ...args], {
    stdio: ['pipe', stdout, 'pipe'],
    detached: true,
  });
  // never written: its end tells the wrapper the server is gone
  child.stdin?.on('error', () => undefined);
  const kill = () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  child.once('exit', () => child.stdin?.destroy());
  return { child, kill };
};
