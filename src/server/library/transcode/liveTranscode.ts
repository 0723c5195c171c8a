import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { PassThrough, pipeline } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveTranscodes } from './liveTranscodes';
import { TRANSCODE_TARGETS, type TranscodePlan } from './liveTranscodePlan';
import { TranscodeFailure } from './transcodeFailure';

export interface LiveTranscode {
  source: string;
  plan: TranscodePlan;
  /** the song's length: bounds how long one ffmpeg may run */
  durationMs: number;
  ffmpegPath?: string;
  /** the app's count of running transcodes, which this one joins */
  live: LiveTranscodes;
}

/**
 * At most this many live transcodes at once (one per core, at least 2): each ffmpeg takes a core,
 * so more would slow every stream and request. Past it, stream sends the original file, which the
 * protocol allows when the server cannot transcode.
 */
export const LIVE_TRANSCODES_MAX = Math.max(2, availableParallelism());

export function canStartLiveTranscode(live: LiveTranscodes): boolean {
  return live.running < LIVE_TRANSCODES_MAX;
}

export const LIVE_TRANSCODE_FAILED = 'This song could not be converted (ffmpeg failed; the server log has the details).';

const STDERR_KEPT = 2000;

/**
 * Encodes the song's first audio stream as the plan says and pipes it out as it is made: 200,
 * chunked, no Range (a live transcode has no length to seek in). ffmpeg is killed when the client
 * goes away and after a bound of a few times the song's length, since a stalled client would
 * otherwise hold it forever. Fails (TranscodeFailure: Subsonic's error 0) when ffmpeg gives no audio at all.
 */
export async function sendLiveTranscode(
  request: FastifyRequest,
  reply: FastifyReply,
  { source, plan, durationMs, ffmpegPath = 'ffmpeg', live }: LiveTranscode,
): Promise<void> {
  const target = TRANSCODE_TARGETS[plan.target];
  reply.status(200);
  reply.header('content-type', target.contentType);
  reply.header('cache-control', 'no-store');
  reply.header('accept-ranges', 'none');
  reply.header('x-content-duration', (durationMs / 1000).toFixed(2));
  if (request.method === 'HEAD') {
    await reply.send();
    return;
  }

  const [encoder, codec, muxer, container] = target.args;
  const args = ['-v', 'error', '-nostdin', '-i', source, '-map', '0:a:0', '-map_metadata', '-1'];
  args.push(encoder, codec, '-b:a', `${plan.kbps}k`, muxer, container, 'pipe:1');
  const { child, stop } = startFfmpeg(ffmpegPath, args, 120_000 + 4 * durationMs, request.log, live);
  // the response ended, whether sent in full or dropped by the client
  reply.raw.on('close', stop);

  const first = await firstChunk(child);
  if (!first) {
    stop();
    reply.removeHeader('x-content-duration');
    reply.removeHeader('accept-ranges');
    throw new TranscodeFailure(500, LIVE_TRANSCODE_FAILED);
  }
  const body = new PassThrough();
  body.write(first);
  pipeline(child.stdout, body, (error) => {
    if (error) stop();
  });
  await reply.send(body);
}

/** Runs ffmpeg writing to its stdout; `stop` kills it unless it has finished its output (at the latest after `timeoutMs`). */
function startFfmpeg(ffmpegPath: string, args: string[], timeoutMs: number, log: FastifyBaseLogger, live: LiveTranscodes) {
  const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  live.running += 1;
  let stderr = '';
  let exited = false;
  let outputEnded = false;
  let killed = false;
  child.stdout.once('end', () => {
    outputEnded = true;
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  const stop = () => {
    if (exited || outputEnded || killed) return;
    killed = true;
    live.stopped += 1;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(stop, timeoutMs);
  child.on('close', (code, signal) => {
    exited = true;
    live.running -= 1;
    clearTimeout(timer);
    if (code !== 0 && signal !== 'SIGKILL') log.warn({ code, signal, stderr: stderr.trim() }, 'subsonic: live transcode failed');
  });
  child.on('error', (err) => log.error({ err }, 'subsonic: ffmpeg could not start'));
  return { child, stop };
}

/** The first bytes ffmpeg writes, or null when it ends (or cannot start) without any. */
function firstChunk(child: ReturnType<typeof spawn>): Promise<Buffer | null> {
  const stdout = child.stdout!;
  return new Promise((resolve) => {
    const done = (chunk: Buffer | null) => {
      stdout.off('data', onData);
      child.off('close', onEnd);
      child.off('error', onEnd);
      resolve(chunk);
    };
    const onData = (chunk: Buffer) => {
      stdout.pause();
      done(chunk);
    };
    const onEnd = () => done(null);
    stdout.on('data', onData);
    child.once('close', onEnd);
    child.once('error', onEnd);
  });
}
