import { Mp3FrameSplitter, parseMp3Header } from './mp3Frames';

/** A fake Layer III frame: a real header (MPEG-1, 128 kbit/s, 44.1 kHz), a body of `fill`. */
function frame(padding: 0 | 1, fill = 0x11): Buffer {
  const length = 417 + padding;
  const buf = Buffer.alloc(length, fill);
  buf.set([0xff, 0xfb, 0x90 | (padding << 1), 0x64]);
  return buf;
}

describe('parseMp3Header', () => {
  it('reads MPEG-1 Layer III at 128 kbit/s, 44.1 kHz: 417 bytes, 418 with padding', () => {
    expect(parseMp3Header(frame(0))).toEqual({ length: 417, sampleRate: 44_100, bitrateKbps: 128, samples: 1152 });
    expect(parseMp3Header(frame(1))?.length).toBe(418);
  });

  it('reads MPEG-1 at 320 kbit/s, 48 kHz and MPEG-2 at 64 kbit/s, 22.05 kHz', () => {
    expect(parseMp3Header(Buffer.from([0xff, 0xfb, 0xe4, 0x00]))).toEqual({ length: 960, sampleRate: 48_000, bitrateKbps: 320, samples: 1152 });
    expect(parseMp3Header(Buffer.from([0xff, 0xf3, 0x80, 0x00]))).toEqual({ length: 208, sampleRate: 22_050, bitrateKbps: 64, samples: 576 });
  });

  it('refuses no sync, Layer II, a bad bitrate, a reserved sample rate and a short buffer', () => {
    expect(parseMp3Header(Buffer.from([0xfe, 0xfb, 0x90, 0x64]))).toBeNull();
    expect(parseMp3Header(Buffer.from([0xff, 0xfd, 0x90, 0x64]))).toBeNull();
    expect(parseMp3Header(Buffer.from([0xff, 0xfb, 0xf0, 0x64]))).toBeNull();
    expect(parseMp3Header(Buffer.from([0xff, 0xfb, 0x0c, 0x64]))).toBeNull();
    expect(parseMp3Header(Buffer.from([0xff, 0xfb, 0x90]))).toBeNull();
  });
});

describe('Mp3FrameSplitter', () => {
  it('cuts a stream fed in odd pieces into its frames, skipping leading garbage', () => {
    const frames = [frame(0, 1), frame(1, 2), frame(0, 3), frame(1, 4)];
    const stream = Buffer.concat([Buffer.from([0x00, 0xff, 0xfb, 0x13]), ...frames]);
    const splitter = new Mp3FrameSplitter();
    const out: Buffer[] = [];
    for (let at = 0; at < stream.length; at += 100) out.push(...splitter.push(stream.subarray(at, at + 100)));
    // the last frame is whole only once the next one confirms it… or, in sync, as soon as its bytes are in
    expect(out.map((f) => f[10])).toEqual([1, 2, 3, 4]);
    expect(out.map((f) => f.length)).toEqual([417, 418, 417, 418]);
  });

  it('after reset, waits for a confirmed header again', () => {
    const splitter = new Mp3FrameSplitter();
    expect(splitter.push(Buffer.concat([frame(0, 5), frame(0, 6).subarray(0, 10)]))).toHaveLength(1);
    splitter.reset();
    expect(splitter.push(frame(0, 7))).toHaveLength(0);
    expect(splitter.push(frame(0, 8)).map((f) => f[10])).toEqual([7, 8]);
  });
});
