import { equalPowerCurves, nextStartTime, voiceEndTime, wallToContextTime } from './timing';

describe('equal-power crossfade curves', () => {
  it('go from full to silent (out) and silent to full (in), keeping the power constant', () => {
    const { fadeOut, fadeIn } = equalPowerCurves(65);
    expect(fadeOut[0]).toBeCloseTo(1, 6);
    expect(fadeIn[0]).toBeCloseTo(0, 6);
    expect(fadeOut[64]).toBeCloseTo(0, 6);
    expect(fadeIn[64]).toBeCloseTo(1, 6);
    // at the middle both are at -3 dB, not -6 dB as a linear fade would be
    expect(fadeOut[32]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(fadeIn[32]).toBeCloseTo(Math.SQRT1_2, 6);
    for (let i = 0; i < 65; i += 1) expect(fadeOut[i] ** 2 + fadeIn[i] ** 2).toBeCloseTo(1, 6);
    for (let i = 1; i < 65; i += 1) expect(fadeIn[i]).toBeGreaterThan(fadeIn[i - 1]);
  });
});

describe('wall clock to context time', () => {
  it('maps Date.now() ms through performance.timeOrigin and the output timestamp', () => {
    const stamp = { contextTime: 10, performanceTime: 5_000 };
    const timeOrigin = 1_700_000_000_000;
    // the stamp's moment is heard at context 10 s; 2.5 s of wall clock later is context 12.5 s
    expect(wallToContextTime(timeOrigin + 5_000, stamp, timeOrigin)).toBeCloseTo(10, 9);
    expect(wallToContextTime(timeOrigin + 7_500, stamp, timeOrigin)).toBeCloseTo(12.5, 9);
    expect(wallToContextTime(timeOrigin + 4_000, stamp, timeOrigin)).toBeCloseTo(9, 9);
  });
});

describe('next start time', () => {
  it('gapless: exactly at the current voice end', () => {
    const end = voiceEndTime(2, 0.5, 180.25);
    expect(end).toBeCloseTo(181.75, 9);
    expect(nextStartTime({ end, crossfadeSeconds: 0, nextDuration: 200, now: 100 })).toEqual({ start: end, fade: 0 });
  });

  it('crossfade: the end less the fade, the fade no longer than half the next track or the time left', () => {
    expect(nextStartTime({ end: 100, crossfadeSeconds: 3, nextDuration: 200, now: 50 })).toEqual({ start: 97, fade: 3 });
    expect(nextStartTime({ end: 100, crossfadeSeconds: 12, nextDuration: 8, now: 50 })).toEqual({ start: 96, fade: 4 });
    expect(nextStartTime({ end: 100, crossfadeSeconds: 6, nextDuration: 200, now: 98 })).toEqual({ start: 98, fade: 2 });
  });

  it('radio: at the given context time, never in the past', () => {
    expect(nextStartTime({ end: 100, crossfadeSeconds: 3, nextDuration: 200, now: 50, startAt: 60 })).toEqual({ start: 60, fade: 0 });
    expect(nextStartTime({ end: 100, crossfadeSeconds: 0, nextDuration: 200, now: 50, startAt: 40 })).toEqual({ start: 50, fade: 0 });
  });
});
