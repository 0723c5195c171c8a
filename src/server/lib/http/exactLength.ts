import { Readable } from 'node:stream';

const PAD_CHUNK = 64 * 1024;

/**
 * `source` as a body of exactly `length` bytes: bytes past it are dropped, and when the source ends
 * short the rest is zeros, sent as the client reads them. For an answer that promised a
 * Content-Length it could only estimate (a live transcode); decoders skip trailing zeros.
 */
export function exactLength(source: AsyncIterable<Buffer>, length: number): Readable {
  async function* exactly(): AsyncGenerator<Buffer> {
    let left = length;
    for await (const chunk of source) {
      const part = chunk.length <= left ? chunk : chunk.subarray(0, left);
      left -= part.length;
      yield part;
      // enough: leaving the loop destroys the source, which stops what makes it
      if (left <= 0) break;
    }
    while (left > 0) {
      const size = Math.min(left, PAD_CHUNK);
      left -= size;
      yield Buffer.alloc(size);
    }
  }
  return Readable.from(exactly(), { objectMode: false });
}
