/** What a live transcode makes: the ffmpeg encoder, container and content type of each target. */
export const TRANSCODE_TARGETS = {
  mp3: { codec: 'mp3', args: ['-c:a', 'libmp3lame', '-f', 'mp3'], contentType: 'audio/mpeg', defaultKbps: 192, minKbps: 32, maxKbps: 320 },
  opus: { codec: 'opus', args: ['-c:a', 'libopus', '-f', 'ogg'], contentType: 'audio/ogg', defaultKbps: 128, minKbps: 16, maxKbps: 256 },
} as const;

export type TranscodeTarget = keyof typeof TRANSCODE_TARGETS;

export interface TranscodePlan {
  target: TranscodeTarget;
  kbps: number;
}

export interface StreamRequest {
  /** the `format` parameter: raw, mp3, opus, or anything else (no preference) */
  format: string | undefined;
  /** the `maxBitRate` parameter in kbps; 0 or absent is no limit */
  maxBitRate: number | undefined;
}

/**
 * Whether stream answers a live transcode, and to what (docs/subsonic.md, Media): format=raw
 * never; format=mp3|opus when the file is another codec or above maxBitRate; no format (or one
 * not made here) with a maxBitRate below the file's bitrate gives MP3. Everything else is the file.
 */
export function transcodePlan(song: { codec: string | null; bitRate: number | null }, request: StreamRequest): TranscodePlan | null {
  const format = request.format?.toLowerCase();
  if (format === 'raw') return null;
  const limit = request.maxBitRate && request.maxBitRate > 0 ? request.maxBitRate : undefined;
  const fileKbps = song.bitRate ? song.bitRate / 1000 : undefined;
  const overLimit = limit !== undefined && fileKbps !== undefined && fileKbps > limit;
  const asked = format === 'mp3' || format === 'opus' ? format : undefined;
  if (asked) {
    if (song.codec === TRANSCODE_TARGETS[asked].codec && !overLimit) return null;
    return { target: asked, kbps: kbpsFor(asked, limit) };
  }
  return overLimit ? { target: 'mp3', kbps: kbpsFor('mp3', limit) } : null;
}

function kbpsFor(target: TranscodeTarget, limit: number | undefined): number {
  const { defaultKbps, minKbps, maxKbps } = TRANSCODE_TARGETS[target];
  return Math.min(maxKbps, Math.max(minKbps, limit ?? defaultKbps));
}
