import { endianness } from 'node:os';

const HEADER_BYTES = 44;

/** A canonical RIFF/WAVE file: 44-byte header, then 16-bit little-endian PCM (interleaved when channels > 1). */
export function encodeWav(samples: Int16Array, sampleRate: number, channels = 1): Buffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError(`invalid sample rate ${sampleRate}`);
  if (!Number.isInteger(channels) || channels < 1) throw new RangeError(`invalid channel count ${channels}`);
  if (samples.length % channels !== 0) throw new RangeError('sample count is not a multiple of the channel count');

  const dataBytes = samples.length * 2;
  const blockAlign = channels * 2;
  const buf = Buffer.alloc(HEADER_BYTES + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(channels, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * blockAlign, 28); // byte rate
  buf.writeUInt16LE(blockAlign, 32);
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);

  if (endianness() === 'LE') {
    Buffer.from(samples.buffer, samples.byteOffset, dataBytes).copy(buf, HEADER_BYTES);
  } else {
    for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i], HEADER_BYTES + i * 2);
  }
  return buf;
}
