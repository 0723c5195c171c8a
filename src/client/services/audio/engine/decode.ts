import { takeITunSMPB, trimBuffer } from './itunesGapless';

/** Tracks longer than this stay on the element: decoded float32 stereo costs ~23 MB a minute at 48 kHz (docs/product.md §2.14). */
export const MAX_DECODE_SECONDS = 15 * 60;
/** A file larger than this is not fetched whole (a 15 min 24-bit 48 kHz stereo WAV is ~260 MB). */
export const MAX_DECODE_BYTES = 300 * 1024 * 1024;

/** Fetches a whole track (the stream URL authenticates by cookie) and decodes it; null when it is too long or too large. */
export async function fetchAndDecode(ctx: BaseAudioContext, url: string, signal: AbortSignal): Promise<AudioBuffer | null> {
  const res = await fetch(url, { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`fetch ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_DECODE_BYTES) {
    await res.body?.cancel();
    return null;
  }
  const bytes = await res.arrayBuffer();
  if (signal.aborted) return null;
  const trim = takeITunSMPB(new Uint8Array(bytes));
  const decoded = await ctx.decodeAudioData(bytes);
  const buffer = trim ? trimBuffer(decoded, trim) : decoded;
  return buffer.duration <= MAX_DECODE_SECONDS ? buffer : null;
}
