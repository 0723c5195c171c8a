import { benchAudioFile } from '../lib/audioFile';
import { timedGet } from '../lib/http';
import { addBenchSong, type BenchServer } from '../lib/serverHandle';
import { ensureNginx } from '../lib/tools';
import { RANGE_BYTES, type StreamVsNginxOptions } from './measure';
import { startNginx } from './nginx';

export type StreamTargets = Pick<StreamVsNginxOptions, 'ours' | 'nginx' | 'cookie' | 'fileBytes' | 'pids'>;

/**
 * What measureStreamVsNginx needs, on a running bench server: the 5 MB bench WAV added as a song,
 * a user's stream cookie, and nginx serving the same file; both sides checked to answer a whole
 * GET and a 1 MiB range. stop() ends nginx (the server stays the caller's).
 */
export async function prepareStreamTargets(server: BenchServer, log: (message: string) => void): Promise<{ targets: StreamTargets; stop(): Promise<void> }> {
  const nginxBinary = await ensureNginx(log);
  const audio = benchAudioFile();
  const song = await addBenchSong(server, 'Bench Tone', audio);
  const user = await server.user();
  const cookie = await server.call<string>({ cmd: 'streamCookie', userId: user.id });
  const nginx = await startNginx(nginxBinary, song.mediaDir);
  try {
    const targets: StreamTargets = {
      ours: `${server.baseUrl}/api/songs/stream/${song.id}`,
      nginx: `${nginx.baseUrl}/${song.path}`,
      cookie,
      fileBytes: audio.sizeBytes,
      pids: { ours: server.pid, nginx: nginx.pid },
    };
    await checkBothAnswer(targets);
    return { targets, stop: () => nginx.stop() };
  } catch (error) {
    await nginx.stop();
    throw error;
  }
}

/** Both sides answer the whole file (200) and a 1 MiB range (206) with the right lengths. */
async function checkBothAnswer({ ours, nginx, cookie, fileBytes }: StreamTargets): Promise<void> {
  for (const [side, url] of Object.entries({ ours, nginx })) {
    const headers: Record<string, string> = side === 'ours' ? { cookie } : {};
    const whole = await timedGet(url, { headers });
    if (whole.status !== 200 || whole.bytes !== fileBytes)
      throw new Error(`${side}: GET answered ${whole.status} with ${whole.bytes} bytes, expected 200 with ${fileBytes}`);
    const part = await timedGet(url, { headers: { ...headers, range: `bytes=1000-${1000 + RANGE_BYTES - 1}` } });
    if (part.status !== 206 || part.bytes !== RANGE_BYTES)
      throw new Error(`${side}: ranged GET answered ${part.status} with ${part.bytes} bytes, expected 206 with ${RANGE_BYTES}`);
  }
}
