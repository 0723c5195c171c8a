import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sniffAudio } from './sniffAudio';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../modules/songs/fixtures');
const bytes = (...values: (number | string)[]) => Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('sniffAudio', () => {
  it('recognises the committed fixtures by their bytes', async () => {
    expect(sniffAudio(await readFile(path.join(FIXTURES, 'tone.mp3')))).toBe('audio/mpeg');
    expect(sniffAudio(await readFile(path.join(FIXTURES, 'tone.ogg')))).toBe('audio/ogg');
    expect(sniffAudio(await readFile(path.join(FIXTURES, 'tone.wav')))).toBe('audio/wav');
  });

  it('knows MP3 by an ID3 tag or an MPEG audio frame sync', () => {
    expect(sniffAudio(bytes('ID3', 4, 0, 0))).toBe('audio/mpeg');
    expect(sniffAudio(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('audio/mpeg'); // MPEG-1 layer III
    expect(sniffAudio(bytes(0xff, 0xf3, 0x48, 0xc4))).toBe('audio/mpeg'); // MPEG-2 layer III
  });

  it('refuses AAC (layer 00), a reserved version, text, RIFF that is not WAVE, and too few bytes', () => {
    expect(sniffAudio(bytes(0xff, 0xf1, 0x50, 0x80))).toBeNull();
    expect(sniffAudio(bytes(0xff, 0xeb, 0x90, 0x64))).toBeNull();
    expect(sniffAudio(bytes('hello world!'))).toBeNull();
    expect(sniffAudio(bytes('RIFF', 0, 0, 0, 0, 'AVI '))).toBeNull();
    expect(sniffAudio(bytes('Og'))).toBeNull();
    expect(sniffAudio(new Uint8Array())).toBeNull();
  });

  it('knows FLAC, AIFF (and AIFF-C) and MP4 by their signatures', () => {
    expect(sniffAudio(bytes('fLaC', 0, 0, 0, 34))).toBe('audio/flac');
    expect(sniffAudio(bytes('FORM', 0, 0, 0, 0, 'AIFF'))).toBe('audio/aiff');
    expect(sniffAudio(bytes('FORM', 0, 0, 0, 0, 'AIFC'))).toBe('audio/aiff');
    expect(sniffAudio(bytes(0, 0, 0, 32, 'ftypM4A '))).toBe('audio/mp4');
    expect(sniffAudio(bytes('FORM', 0, 0, 0, 0, 'ILBM'))).toBeNull();
  });
});
