import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendMediaFile } from '../../lib/http/sendFile';
import { sendLiveTranscode } from '../transcode/liveTranscode';
import { transcodePlan, type StreamRequest } from '../transcode/liveTranscodePlan';
import type { LiveTranscodes } from '../transcode/liveTranscodes';
import { TRANSCODE_BUSY_RETRY_AFTER_S } from '../transcode/transcodeBusy';
import type { TranscodeCache } from '../transcode/transcodeCache';
import { transcodedFile } from '../transcode/transcodedFile';
import { TranscodeFailure } from '../transcode/transcodeFailure';
import { estimatedLength } from './estimatedLength';
import { servedFormat } from './servedFormat';

/** The stored facts of a song that decide how its file goes out. */
export interface DeliveredSong {
  id: string;
  codec: string | null;
  mimeType: string;
  bitRate: number | null;
  durationMs: number;
}

export interface Delivery {
  /** the song's file on disk (songFilePath.ts) */
  filePath: string;
  /** the app's FLAC copies of ALAC and AIFF songs; its pool runs every ffmpeg */
  flacCopies: TranscodeCache;
  hasFfmpeg: boolean;
  /** who asks (a user id, else the address): their requests queue behind each other in the pool, not before others' */
  owner: string;
  /**
   * a client that may ask for another format or a lower bitrate (Subsonic's stream): a live
   * transcode in a slot of the pool. `asked` reads the request's parameters (they may be refused).
   */
  live?: { asked: () => StreamRequest; transcodes: LiveTranscodes; estimateContentLength?: boolean };
}

export const NO_FFMPEG_FOR_FORMAT = 'This server cannot convert songs (ffmpeg is not installed); ask for the original file (format=raw).';

/**
 * Sends a song's audio, for the web app's stream route and Subsonic's stream alike: a live
 * transcode when one is asked for (liveTranscodePlan.ts), else the file with Range support, or for
 * ALAC and AIFF its cached FLAC copy (docs/decisions/library.md, Transcoding). A format asked for
 * is sent in that format or refused, never replaced by another (only a bitrate limit alone may get
 * the original). A conversion that cannot happen throws TranscodeFailure (busy: 503 with Retry-After).
 */
export async function sendSongFile(request: FastifyRequest, reply: FastifyReply, song: DeliveredSong, delivery: Delivery): Promise<FastifyReply | void> {
  try {
    return await deliver(request, reply, song, delivery);
  } catch (error) {
    if (error instanceof TranscodeFailure && error.statusCode === 503) reply.header('retry-after', String(TRANSCODE_BUSY_RETRY_AFTER_S));
    throw error;
  }
}

async function deliver(request: FastifyRequest, reply: FastifyReply, song: DeliveredSong, delivery: Delivery): Promise<FastifyReply | void> {
  const { filePath, flacCopies, hasFfmpeg, live, owner } = delivery;
  const asked = live?.asked();
  const plan = live && asked ? transcodePlan(song, asked) : null;
  if (plan && live) {
    const formatAsked = asked?.format?.toLowerCase() === plan.target;
    if (hasFfmpeg) {
      try {
        return await sendLiveTranscode(request, reply, {
          source: filePath,
          plan,
          durationMs: song.durationMs,
          live: live.transcodes,
          pool: flacCopies.pool,
          owner,
          contentLength: live.estimateContentLength ? estimatedLength(plan.kbps, song.durationMs) : undefined,
        });
      } catch (error) {
        // a bitrate limit alone may be answered with the original when every slot is busy
        if (formatAsked || !(error instanceof TranscodeFailure && error.statusCode === 503)) throw error;
      }
    } else if (formatAsked) throw new TranscodeFailure(415, NO_FFMPEG_FOR_FORMAT);
  }
  const served = servedFormat(song);
  if (served.kind === 'file') return sendMediaFile(request, reply, filePath, served.contentType);
  const copy = await transcodedFile({ cache: flacCopies, hasFfmpeg, songId: song.id, codec: song.codec, sourcePath: filePath, owner, log: request.log });
  // served from disk to its end: until then no eviction may remove it
  reply.raw.once('finish', copy.release);
  reply.raw.once('close', copy.release);
  try {
    return await sendMediaFile(request, reply, copy.path, served.contentType);
  } catch (error) {
    copy.release();
    throw error;
  }
}
