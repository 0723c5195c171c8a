import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { CHANNELS, SAMPLE_RATE } from './pcm';

/**
 * Samples between a PCM frame going into LAME and the same sound coming out of a decoder that
 * knows nothing of the delay (no Xing/LAME header: a live stream has none): LAME's 576 plus the
 * decoder's 529. Measured: a 440 Hz onset at PCM frame 20000 decodes loud from 21102 (encoderDelay.test.ts).
 */
export const ENCODER_DELAY_SAMPLES = 1105;
export const SAMPLES_PER_MP3_FRAME = 1152;

export type EncoderChild = ChildProcessByStdio<Writable, Readable, Readable>;

/** ffmpeg reading the station's PCM on stdin and writing bare MP3 frames (no Xing, no ID3) on stdout. */
export function spawnMp3Encoder(bitrateKbps: number, ffmpegPath = 'ffmpeg'): EncoderChild {
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    // a small probe: by default ffmpeg sits on ~0.7 s of raw PCM before it encodes anything
    ...['-probesize', '4096', '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', String(CHANNELS), '-i', 'pipe:0'],
    ...['-map_metadata', '-1', '-c:a', 'libmp3lame', '-b:a', `${bitrateKbps}k`],
    ...['-write_xing', '0', '-id3v2_version', '0', '-write_id3v1', '0', '-flush_packets', '1', '-f', 'mp3', 'pipe:1'],
  ];
  return spawn(ffmpegPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
}
