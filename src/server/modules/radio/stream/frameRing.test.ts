import { FrameRing, MAX_BURST_BYTES } from './frameRing';

const FRAME_SECONDS = 1152 / 44_100;
const frame = (n: number, length = 417) => Buffer.alloc(length, n & 0xff);

describe('FrameRing', () => {
  it('keeps about the last N seconds, with absolute positions that go on growing', () => {
    const ring = new FrameRing(1);
    for (let i = 0; i < 100; i++) ring.append(frame(i), FRAME_SECONDS);
    expect(ring.end).toBe(100 * 417);
    const held = (ring.end - ring.start) / 417;
    expect(held * FRAME_SECONDS).toBeLessThanOrEqual(1);
    expect(held * FRAME_SECONDS).toBeGreaterThan(1 - 2 * FRAME_SECONDS);
    expect(ring.readFrom(0)).toBeNull();
    expect(ring.readFrom(ring.start)![0][0]).toBe((ring.start / 417) & 0xff);
  });

  it('starts a burst on a frame boundary, at most 64 KiB before the live edge', () => {
    const ring = new FrameRing(10);
    for (let i = 0; i < 300; i++) ring.append(frame(i, 417 + (i % 2)), FRAME_SECONDS);
    const start = ring.burstStart();
    expect(ring.end - start).toBeLessThanOrEqual(MAX_BURST_BYTES);
    expect(ring.end - start).toBeGreaterThan(MAX_BURST_BYTES - 418);
    const bytes = Buffer.concat(ring.readFrom(start)!);
    expect(bytes.length).toBe(ring.end - start);
    expect(bytes[0]).toBe(bytes[416]); // the first frame is whole
  });

  it('reads from the middle of a frame', () => {
    const ring = new FrameRing(10);
    for (let i = 0; i < 3; i++) ring.append(frame(i + 1), FRAME_SECONDS);
    const parts = ring.readFrom(417 + 400)!;
    expect(parts.map((p) => p.length)).toEqual([17, 417]);
    expect(parts[0][0]).toBe(2);
  });

  it('knows the title in effect at each byte and where it changes', () => {
    const ring = new FrameRing(10);
    ring.append(frame(0), FRAME_SECONDS, 'A - One');
    ring.append(frame(1), FRAME_SECONDS);
    ring.append(frame(2), FRAME_SECONDS, 'B - Two');
    ring.append(frame(3), FRAME_SECONDS, 'B - Two');
    expect(ring.titleAt(0)).toBe('A - One');
    expect(ring.titleAt(833)).toBe('A - One');
    expect(ring.titleAt(834)).toBe('B - Two');
    expect(ring.titleChangesIn(0, ring.end)).toEqual([{ position: 834, title: 'B - Two' }]);
  });
});

it('reads up to a position short of the live edge', () => {
  const ring = new FrameRing(10);
  for (let i = 0; i < 3; i++) ring.append(frame(i + 1), FRAME_SECONDS);
  expect(ring.readFrom(10, 417 + 17)!.map((p) => p.length)).toEqual([407, 17]);
  expect(ring.readFrom(0, 417)!.map((p) => p.length)).toEqual([417]);
});
