/**
 * MP3 (MPEG-1/2/2.5 Layer III) frame boundaries in an encoder's output, so that a listener's first
 * byte and every title change sit on a frame a decoder can start from.
 */

/** kbit/s by bitrate index, MPEG-1 Layer III and MPEG-2/2.5 Layer III */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Hz by sample-rate index, MPEG-1 */
const SAMPLE_RATES_V1 = [44_100, 48_000, 32_000];

export interface Mp3FrameHeader {
  /** whole frame in bytes, header included */
  length: number;
  sampleRate: number;
  bitrateKbps: number;
  /** PCM samples per channel the frame decodes to */
  samples: number;
}

/** The Layer III frame header at `offset`, or null when the 4 bytes there are not one (free format is not supported). */
export function parseMp3Header(buf: Buffer, offset = 0): Mp3FrameHeader | null {
  if (offset + 4 > buf.length) return null;
  const b1 = buf[offset + 1];
  const b2 = buf[offset + 2];
  if (buf[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0b11; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = (b1 >> 1) & 0b11; // 1: Layer III
  if (version === 1 || layer !== 1) return null;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const padding = (b2 >> 1) & 1;
  const v1 = version === 3;
  const bitrateKbps = (v1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex];
  const sampleRate = SAMPLE_RATES_V1[rateIndex] / (v1 ? 1 : version === 2 ? 2 : 4);
  const samples = v1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  return { length, sampleRate, bitrateKbps, samples };
}

/**
 * Cuts a byte stream into whole MP3 frames. Bytes before the first header (or garbage between
 * frames) are skipped; a header counts only when the next frame's header follows it, or when it
 * is the first one after a clean frame.
 */
export class Mp3FrameSplitter {
  private pending: Buffer = Buffer.alloc(0);
  private synced = false;

  /** The whole frames completed by `chunk`, in order. */
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: Buffer[] = [];
    let at = 0;
    while (at + 4 <= this.pending.length) {
      const header = parseMp3Header(this.pending, at);
      if (!header) {
        this.synced = false;
        at += 1;
        continue;
      }
      const end = at + header.length;
      if (!this.synced) {
        // a lone 0xFFE… in the data is not a frame: wait for the next header to confirm it
        if (end + 4 > this.pending.length) break;
        if (!parseMp3Header(this.pending, end)) {
          at += 1;
          continue;
        }
      } else if (end > this.pending.length) break;
      frames.push(Buffer.from(this.pending.subarray(at, end)));
      this.synced = true;
      at = end;
    }
    this.pending = this.pending.subarray(at);
    return frames;
  }

  /** Forgets a partial frame (the encoder behind it was replaced). */
  reset(): void {
    this.pending = Buffer.alloc(0);
    this.synced = false;
  }
}
