import { decodeMp3 } from '../test/streamKit';
import { ENCODER_DELAY_SAMPLES, spawnMp3Encoder } from './encoderProcess';
import { parseMp3Header } from './mp3Frames';

/** Silence, then a 440 Hz tone from PCM frame `onset` on, through the stream's own ffmpeg command. */
async function encode(onset: number, frames: number): Promise<Buffer> {
  const pcm = Buffer.alloc(frames * 4);
  for (let f = onset; f < frames; f++) {
    const v = Math.round(8000 * Math.sin((2 * Math.PI * 440 * f) / 44_100));
    pcm.writeInt16LE(v, f * 4);
    pcm.writeInt16LE(v, f * 4 + 2);
  }
  const child = spawnMp3Encoder(128);
  const out: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  const closed = new Promise((resolve) => child.on('close', resolve));
  child.stdin.end(pcm);
  expect(await closed).toBe(0);
  return Buffer.concat(out);
}

it('the encoder writes bare MP3 frames, and a sound at PCM frame f decodes at f + ENCODER_DELAY_SAMPLES', async () => {
  const onset = 20_000;
  const mp3 = await encode(onset, 44_100);
  // no ID3, no Xing/Info frame: the first bytes are an audio frame like any other
  expect(parseMp3Header(mp3)).toMatchObject({ bitrateKbps: 128, sampleRate: 44_100 });
  expect(mp3.includes('Xing')).toBe(false);
  expect(mp3.includes('Info')).toBe(false);
  const decoded = await decodeMp3(mp3);
  const loud = decoded.findIndex((v) => Math.abs(v) > 100);
  console.log(`encoder delay measured: first loud decoded sample ${loud} for PCM onset ${onset}: ${loud - onset} samples (constant ${ENCODER_DELAY_SAMPLES})`);
  expect(Math.abs(loud - onset - ENCODER_DELAY_SAMPLES)).toBeLessThanOrEqual(8);
});
