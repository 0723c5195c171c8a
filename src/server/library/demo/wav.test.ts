import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { readAudioInfo } from './audioInfo';
import { encodeWav } from './wav';

function ramp(length: number): Int16Array {
  const samples = new Int16Array(length);
  for (let i = 0; i < length; i++) samples[i] = ((i * 97) % 65536) - 32768;
  return samples;
}

describe('encodeWav', () => {
  it('writes a 44-byte RIFF/WAVE PCM header for mono 16-bit audio', () => {
    const samples = ramp(22050);
    const wav = encodeWav(samples, 22050);
    expect(wav.length).toBe(44 + 2 * 22050);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.toString('ascii', 12, 16)).toBe('fmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // channels
    expect(wav.readUInt32LE(24)).toBe(22050);
    expect(wav.readUInt32LE(28)).toBe(22050 * 2); // byte rate
    expect(wav.readUInt16LE(32)).toBe(2); // block align
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(2 * 22050);
  });

  it('stores the samples as little-endian 16-bit PCM, unchanged', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 0x1234]);
    const wav = encodeWav(samples, 8000);
    expect([...wav.subarray(44, 50)]).toEqual([0, 0, 1, 0, 0xff, 0xff]);
    expect(wav.readInt16LE(44 + 3 * 2)).toBe(32767);
    expect(wav.readInt16LE(44 + 4 * 2)).toBe(-32768);
    expect([...wav.subarray(54, 56)]).toEqual([0x34, 0x12]);
  });

  it('encodes from a view into a larger buffer without leaking its neighbours', () => {
    const whole = Int16Array.from([9, 9, 5, 6, 9]);
    const wav = encodeWav(whole.subarray(2, 4), 8000);
    expect(wav.length).toBe(48);
    expect(wav.readInt16LE(44)).toBe(5);
    expect(wav.readInt16LE(46)).toBe(6);
  });

  it('fills in byte rate and block align for stereo', () => {
    const wav = encodeWav(new Int16Array(2 * 44100), 44100, 2);
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(28)).toBe(44100 * 4);
    expect(wav.readUInt16LE(32)).toBe(4);
    expect(wav.readUInt32LE(40)).toBe(4 * 44100);
  });

  it('rejects a sample count that does not fill whole frames, and a bad sample rate', () => {
    expect(() => encodeWav(new Int16Array(3), 44100, 2)).toThrow(RangeError);
    expect(() => encodeWav(new Int16Array(2), 0)).toThrow(RangeError);
  });

  it('is read by music-metadata as 16-bit PCM WAVE with the right duration', async () => {
    const wav = encodeWav(ramp(22050 * 3 + 11025), 22050);
    const { format } = await parseBuffer(wav, { mimeType: 'audio/wav' });
    expect(format.container).toBe('WAVE');
    expect(format.sampleRate).toBe(22050);
    expect(format.bitsPerSample).toBe(16);
    expect(format.numberOfChannels).toBe(1);
    expect(format.duration).toBeCloseTo(3.5, 6);
  });
});

describe('readAudioInfo', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wl-probe-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('reads the duration and container from the file', async () => {
    const file = path.join(dir, 'a.wav');
    await writeFile(file, encodeWav(new Int16Array(8000 * 2), 8000, 2)); // 1 s of stereo
    await expect(readAudioInfo(file)).resolves.toEqual({ durationMs: 1000, container: 'WAVE' });
  });

  it('throws when the file is not audio', async () => {
    const file = path.join(dir, 'notes.wav');
    await writeFile(file, 'these are not the samples you are looking for\n'.repeat(20));
    await expect(readAudioInfo(file)).rejects.toThrow();
  });
});
