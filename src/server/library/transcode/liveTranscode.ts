import { PassThrough, pipeline } from 'node:stream';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { exactLength } from '../../lib/http/exactLength';
import type { FfmpegPool } from './ffmpegPool';
import type { LiveTranscodes } from './liveTranscodes';
import { TRANSCODE_TARGETS, type TranscodePlan } from './liveTranscodePlan';
import { spawnFfmpeg, type FfmpegChild, type SpawnFfmpeg } from './spawnFfmpeg';
import { slotFor } from './transcodeBusy';
import { TranscodeFailure } from './transcodeFailure';

export interface LiveTranscode {
  source: string;
  plan: TranscodePlan;
  /** the song's length: bounds how long one ffmpeg may run */
  durationMs: number;
  ffmpegPath?: string;
  /** the app's count of running transcodes, which this one joins */
  live: LiveTranscodes;
  /** the app's one pool of ffmpeg runs; the slot is waited for in `owner`'s queue */
  pool: FfmpegPool;
  owner: string;
  spawn?: SpawnFfmpeg;
  /** a Content-Length to announce (Subsonic's estimateContentLength): the body is cut or padded to it */
  contentLength?: number;
}

export const LIVE_TRANSCODE_FAILED = 'This song could not be converted (ffmpeg failed; the server log has the details).';

const STDERR_KEPT = 2000;

/**
 * Encodes the song's first audio stream as the plan says and pipes it out as it is made: 200,
 * chunked, no Range (a live transcode has no length to seek in). ffmpeg runs in a slot of the
 * app's pool, waited for briefly (busy: TranscodeFailure 503, never another format). It is killed
 * when the client goes away, when the client takes no bytes for the pool's stallMs (a listener
 * who stops reading would hold a core for the song's length), and after a bound of a few times
 * the song's length. Fails (TranscodeFailure: Subsonic's error 0) when ffmpeg gives no audio at all.
 */
export async function sendLiveTranscode(request: FastifyRequest, reply: FastifyReply, transcode: LiveTranscode): Promise<void> {
  const { source, plan, durationMs, ffmpegPath = 'ffmpeg', live, pool, owner, spawn = spawnFfmpeg, contentLength } = transcode;
  const target = TRANSCODE_TARGETS[plan.target];
  if (request.method === 'HEAD') {
    setHeaders(reply, target.contentType, durationMs, contentLength);
    await reply.send();
    return;
  }
  const release = await slotFor(pool, owner, pool.settings.liveWaitMs, plan.target === 'mp3' ? 'MP3' : 'Opus');

  const [encoder, codec, muxer, container] = target.args;
  const args = ['-v', 'error', '-nostdin', '-i', source, '-map', '0:a:0', '-map_metadata', '-1'];
  args.push(encoder, codec, '-b:a', `${plan.kbps}k`, muxer, container, 'pipe:1');
  const { child, stop } = startFfmpeg(spawn(ffmpegPath, args, 'pipe'), 120_000 + 4 * durationMs, request.log, live, release);
  // the response ended, whether sent in full or dropped by the client
  reply.raw.on('close', stop);

  const first = await firstChunk(child);
  if (!first) {
    stop();
    throw new TranscodeFailure(500, LIVE_TRANSCODE_FAILED);
  }
  setHeaders(reply, target.contentType, durationMs, contentLength);
  cutWhenStalled(reply.raw, pool.settings.stallMs, () => {
    request.log.info({ stallMs: pool.settings.stallMs }, 'subsonic: live transcode cut, the client stopped reading');
    stop();
    reply.raw.destroy();
  });
  const body = new PassThrough();
  body.write(first);
  pipeline(child.stdout!, body, (error) => {
    if (error) stop();
  });
  await reply.send(contentLength === undefined ? body : exactLength(body, contentLength));
}

function setHeaders(reply: FastifyReply, contentType: string, durationMs: number, contentLength: number | undefined): void {
  reply.status(200);
  if (contentLength !== undefined) reply.header('content-length', String(contentLength));
  reply.header('content-type', contentType);
  reply.header('cache-control', 'no-store');
  reply.header('accept-ranges', 'none');
  reply.header('x-content-duration', (durationMs / 1000).toFixed(2));
}

/**
 * Calls `cut` once the response's buffer has stayed full (the client reads nothing) for `stallMs`.
 * A slow ffmpeg leaves the buffer empty, so only a reader that stops is cut.
 */
function cutWhenStalled(res: ServerResponse, stallMs: number, cut: () => void): void {
  let progressAt = Date.now();
  res.on('drain', () => (progressAt = Date.now()));
  const watch = setInterval(
    () => {
      if (!res.writableNeedDrain) progressAt = Date.now();
      else if (Date.now() - progressAt >= stallMs) {
        clearInterval(watch);
        cut();
      }
    },
    Math.max(20, Math.min(1000, stallMs / 4)),
  );
  res.once('close', () => clearInterval(watch));
}

/** Watches ffmpeg writing to its stdout; `stop` kills it unless it has finished its output (at the latest after `timeoutMs`). The slot goes back when it exits. */
function startFfmpeg({ child, kill }: FfmpegChild, timeoutMs: number, log: FastifyBaseLogger, live: LiveTranscodes, release: () => void) {
  live.running += 1;
  let stderr = '';
  let exited = false;
  let outputEnded = false;
  let killed = false;
  child.stdout!.once('end', () => {
    outputEnded = true;
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  const stop = () => {
    if (exited || outputEnded || killed) return;
    killed = true;
    live.stopped += 1;
    kill();
  };
  const timer = setTimeout(stop, timeoutMs);
  child.on('close', (code, signal) => {
    exited = true;
    live.running -= 1;
    release();
    clearTimeout(timer);
    if (code !== 0 && signal !== 'SIGKILL' && !killed) log.warn({ code, signal, stderr: stderr.trim() }, 'subsonic: live transcode failed');
  });
  child.on('error', (err) => log.error({ err }, 'subsonic: ffmpeg could not start'));
  return { child, stop };
}

/** The first bytes ffmpeg writes, or null when it ends (or cannot start) without any. */
function firstChunk(child: FfmpegChild['child']): Promise<Buffer | null> {
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
