import { isDiskFull } from '../../lib/diskFull';
import { spawnFfmpeg, type SpawnFfmpeg } from './spawnFfmpeg';

/** ffmpeg did not make the file: it failed, could not start, or ran past its time. */
export class TranscodeError extends Error {}

export interface FfmpegRun {
  /** the ffmpeg executable (a path or a name on PATH) */
  ffmpegPath: string;
  /** killed (SIGKILL) after this long */
  timeoutMs: number;
  /** how ffmpeg is started (spawnFfmpeg.ts: it dies with the server); tests pass a counting one */
  spawn?: SpawnFfmpeg;
}

const STDERR_KEPT = 2000;

/**
 * Decodes the first audio stream of `source` and writes it as FLAC to `target` (lossless, so a
 * seek in the browser lands on the same sample as in the source). Tags and pictures are left
 * out: the song's row already holds them. Resolves when ffmpeg exits 0.
 */
export function transcodeToFlac(source: string, target: string, { ffmpegPath, timeoutMs, spawn = spawnFfmpeg }: FfmpegRun): Promise<void> {
  const args = ['-v', 'error', '-nostdin', '-y', '-i', source, '-map', '0:a:0', '-map_metadata', '-1', '-c:a', 'flac', '-f', 'flac', target];
  return new Promise((resolve, reject) => {
    const { child, kill } = spawn(ffmpegPath, args, 'ignore');
    let stderr = '';
    let settled = false;
    const settle = (error?: TranscodeError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    // answered at once, not when its output closes: a child of the killed process may hold it open
    const timer = setTimeout(() => {
      kill();
      settle(new TranscodeError(`ffmpeg ran longer than ${timeoutMs} ms and was stopped`));
    }, timeoutMs);
    child.on('error', (error) => settle(new TranscodeError(`ffmpeg could not start (${error.message})`)));
    child.on('close', (code, signal) => {
      // a full disk met only at the trailer still exits 0, leaving a truncated file: not a copy
      const ok = code === 0 && !isDiskFull({ message: stderr });
      settle(ok ? undefined : new TranscodeError(`ffmpeg exited with ${code ?? signal}: ${stderr.trim() || 'no message'}`));
    });
  });
}
