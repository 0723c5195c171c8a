/**
 * The PCM the station's stream is made of: 16-bit little-endian, interleaved stereo at 44.1 kHz.
 * The station source (what the schedule says plays) writes it; the encoder (one per instance)
 * reads it. Sample frame k of a stream sounds at wall time `epochMs + k * 1000 / SAMPLE_RATE`.
 */
export const SAMPLE_RATE = 44_100;
export const CHANNELS = 2;
export const BYTES_PER_FRAME = CHANNELS * 2;

/** From stream sample frame `frame` on, the stream's title is `title` (an ICY StreamTitle). */
export interface TitleMark {
  frame: number;
  title: string;
}

/** What the station sounds like, produced in order and on demand by the encoder's pacer. */
export interface PcmSource {
  /**
   * The next `frames` sample frames of the stream (exactly frames * BYTES_PER_FRAME bytes:
   * silence where nothing is scheduled or a decode is late), and the title marks that fall in them.
   */
  read(frames: number): Promise<{ pcm: Buffer; marks: TitleMark[] }>;
  /** Stops every decoder the source runs. */
  close(): Promise<void>;
}

/** Makes the station's source whose frame 0 sounds at `epochMs`. */
export type PcmSourceFactory = (epochMs: number) => PcmSource;
