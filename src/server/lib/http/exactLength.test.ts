import { Readable } from 'node:stream';
import { exactLength } from './exactLength';

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('exactLength', () => {
  it('pads a short source with zeros up to the length', async () => {
    const body = await collect(exactLength(Readable.from([Buffer.from('abc'), Buffer.from('de')]), 200_000));
    expect(body.length).toBe(200_000);
    expect(body.subarray(0, 5).toString()).toBe('abcde');
    expect(body.subarray(5).every((byte) => byte === 0)).toBe(true);
  });

  it('cuts a long source at the length and stops reading it', async () => {
    let read = 0;
    async function* source() {
      for (let i = 0; i < 1000; i += 1) {
        read += 1;
        yield Buffer.alloc(10, i);
      }
    }
    const body = await collect(exactLength(source(), 25));
    expect(body).toEqual(Buffer.concat([Buffer.alloc(10, 0), Buffer.alloc(10, 1), Buffer.alloc(5, 2)]));
    expect(read).toBe(3);
  });

  it('sends an exact source unchanged', async () => {
    const body = await collect(exactLength(Readable.from([Buffer.from('0123456789')]), 10));
    expect(body.toString()).toBe('0123456789');
  });
});
