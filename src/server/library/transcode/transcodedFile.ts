import type { FastifyBaseLogger } from 'fastify';
import { ffmpegNeededReason } from '../scan/playability';
import { TranscodeError } from './runFfmpeg';
import type { TranscodeCache } from './transcodeCache';
import { TranscodeFailure } from './transcodeFailure';

export const TRANSCODE_FAILED = 'This song could not be converted for playback (ffmpeg failed; the server log has the details)';

export interface TranscodeRequest {
  cache: TranscodeCache;
  hasFfmpeg: boolean;
  songId: string;
  codec: string | null;
  sourcePath: string;
  log: FastifyBaseLogger;
}

/**
 * The cached FLAC copy to stream for an ALAC or AIFF song: 415 with the scan's reason when ffmpeg
 * is not (or no longer) here, a 500 with a plain message when ffmpeg fails or runs too long (both TranscodeFailure).
 */
export async function transcodedFile({ cache, hasFfmpeg, songId, codec, sourcePath, log }: TranscodeRequest): Promise<string> {
  if (!hasFfmpeg) throw new TranscodeFailure(415, ffmpegNeededReason(codec ?? 'pcm'));
  try {
    return await cache.flacOf(songId, sourcePath);
  } catch (error) {
    if (!(error instanceof TranscodeError)) throw error;
    log.error({ songId, err: error }, 'transcoding failed');
    throw new TranscodeFailure(500, TRANSCODE_FAILED);
  }
}
