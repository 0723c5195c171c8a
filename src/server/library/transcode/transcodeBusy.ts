import { PoolBusyError, type FfmpegPool } from './ffmpegPool';
import { TranscodeFailure } from './transcodeFailure';

export const TRANSCODE_BUSY_RETRY_AFTER_S = 5;

export const transcodeBusyMessage = (format: string) =>
  `The server is busy converting other songs and could not convert this one to ${format} in time; try again in a few seconds.`;

/**
 * A slot of the pool for `owner`, waited for at most `waitMs`; past it a TranscodeFailure 503 that
 * names the format asked for (the web app's 503 with Retry-After, Subsonic's error 0; sendSongFile.ts).
 */
export async function slotFor(pool: FfmpegPool, owner: string, waitMs: number, format: string): Promise<() => void> {
  try {
    return await pool.acquire(owner, waitMs);
  } catch (error) {
    if (!(error instanceof PoolBusyError)) throw error;
    throw busy(format);
  }
}

/** The busy answer for a conversion to `format` that found no slot in time. */
export function busy(format: string): TranscodeFailure {
  return new TranscodeFailure(503, transcodeBusyMessage(format));
}
