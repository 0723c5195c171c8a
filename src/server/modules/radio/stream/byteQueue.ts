/** Bytes received in chunks, taken from the front without copying them all into one buffer. */
export class ByteQueue {
  private chunks: Buffer[] = [];
  private head = 0;
  length = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** Drops the first `n` bytes (all of them when fewer are held). */
  drop(n: number): void {
    let left = Math.min(n, this.length);
    this.length -= left;
    while (left > 0) {
      const room = this.chunks[0].length - this.head;
      if (left < room) {
        this.head += left;
        return;
      }
      left -= room;
      this.chunks.shift();
      this.head = 0;
    }
  }

  /** Copies the first `n` bytes (at most what is held) into `target` at `offset` and drops them; answers how many. */
  take(target: Buffer, offset: number, n: number): number {
    const count = Math.min(n, this.length);
    let copied = 0;
    let chunkIndex = 0;
    let start = this.head;
    while (copied < count) {
      const chunk = this.chunks[chunkIndex];
      const part = Math.min(chunk.length - start, count - copied);
      chunk.copy(target, offset + copied, start, start + part);
      copied += part;
      chunkIndex += 1;
      start = 0;
    }
    this.drop(count);
    return count;
  }
}
