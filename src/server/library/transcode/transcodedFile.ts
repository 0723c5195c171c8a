import type { FastifyBaseLogger } from 'fastify';
import { isDiskFull } from '../../lib/diskFull';
import { ffmpegNeededReason } from '../scan/playability';
import { PoolBusyError } from './ffmpegPool';
import { TranscodeError } from './runFfmpeg';
import { busy } from './transcodeBusy';
import type { CopyLease, TranscodeCache } from './transcodeCache';
import { TranscodeFailure } from './transcodeFailure';

export const TRANSCODE_FAILED = 'This song could not be converted for playback (ffmpeg failed; the server log has the details)';

export interface TranscodeRequest {
  cache: TranscodeCache;
  hasFfmpeg: boolean;
  songId: string;
  codec: string | null;
  sourcePath: string;
  /** whose queue of the pool the copy waits in */
  owner: string;
  log: FastifyBaseLogger;
}

/**
 * The cached FLAC copy to stream for an ALAC or AIFF song: 415 with the scan's reason when ffmpeg
 * is not (or no longer) here, a 500 with a plain message when ffmpeg fails or runs too long, a 503
 * when every ffmpeg slot stayed busy (all TranscodeFailure). ffmpeg stopped by a full disk is
 * passed on as it is, for the errors plugin's 507 (lib/diskFull.ts); its part file is already removed.
 * The copy stays on disk until the lease is released.
 */
export async function transcodedFile({ cache, hasFfmpeg, songId, codec, sourcePath, owner, log }: TranscodeRequest): Promise<CopyLease> {
  if (!hasFfmpeg) throw new TranscodeFailure(415, ffmpegNeededReason(codec ?? 'pcm'));
  try {
    return await cache.lease(songId, sourcePath, owner);
  } catch (error) {
    if (error instanceof PoolBusyError) throw busy('FLAC');
    if (!(error instanceof TranscodeError) || isDiskFull(error)) throw error;
    log.error({ songId, err: error }, 'transcoding failed');
    throw new TranscodeFailure(500, TRANSCODE_FAILED);
  }
}
