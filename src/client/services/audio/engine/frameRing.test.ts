import { FrameRing } from './frameRing';

describe('FrameRing', () => {
  it('reads samples by frame, fills a gap between chunks with zeros, and forgets past its capacity', () => {
    const ring = new FrameRing(8);
    ring.push(100, Float32Array.from([1, 2, 3]));
    ring.push(105, Float32Array.from([6, 7]));
    expect(ring.latestFrame).toBe(107);
    expect(Array.from(ring.read(100, 107)!)).toEqual([1, 2, 3, 0, 0, 6, 7]);
    ring.push(107, Float32Array.from([8, 9, 10]));
    expect(ring.earliestFrame).toBe(102);
    expect(ring.read(100, 104)).toBeNull();
    expect(Array.from(ring.read(102, 110)!)).toEqual([3, 0, 0, 6, 7, 8, 9, 10]);
    expect(ring.read(108, 111)).toBeNull();
  });
});
