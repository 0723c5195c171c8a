import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendMediaFile } from '../../lib/http/sendFile';
import { needsTranscode, TRANSCODED_MIME } from '../transcode/formats';
import { canStartLiveTranscode, sendLiveTranscode } from '../transcode/liveTranscode';
import { transcodePlan, type StreamRequest } from '../transcode/liveTranscodePlan';
import type { LiveTranscodes } from '../transcode/liveTranscodes';
import type { TranscodeCache } from '../transcode/transcodeCache';
import { transcodedFile } from '../transcode/transcodedFile';

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
  /** the app's FLAC copies of ALAC and AIFF songs */
  flacCopies: TranscodeCache;
  hasFfmpeg: boolean;
  /**
   * a client that may ask for another format or a lower bitrate (Subsonic's stream): a live
   * transcode when ffmpeg and a core are free. `asked` reads the request only then, as its parameters may be refused.
   */
  live?: { asked: () => StreamRequest; transcodes: LiveTranscodes };
}

/**
 * Sends a song's audio, for the web app's stream route and Subsonic's stream alike: a live
 * transcode when one is asked for and allowed (liveTranscodePlan.ts), else the file with Range
 * support, or for ALAC and AIFF its cached FLAC copy (docs/decisions/library.md, Transcoding).
 * A conversion that cannot happen throws TranscodeFailure.
 */
export async function sendSongFile(request: FastifyRequest, reply: FastifyReply, song: DeliveredSong, delivery: Delivery): Promise<FastifyReply | void> {
  const { filePath, flacCopies, hasFfmpeg, live } = delivery;
  // no ffmpeg, or every core already transcoding: the original file
  const plan = live && hasFfmpeg && canStartLiveTranscode(live.transcodes) ? transcodePlan(song, live.asked()) : null;
  if (plan && live) return sendLiveTranscode(request, reply, { source: filePath, plan, durationMs: song.durationMs, live: live.transcodes });
  if (!needsTranscode(song)) return sendMediaFile(request, reply, filePath, song.mimeType);
  const flac = await transcodedFile({ cache: flacCopies, hasFfmpeg, songId: song.id, codec: song.codec, sourcePath: filePath, log: request.log });
  return sendMediaFile(request, reply, flac, TRANSCODED_MIME);
}
