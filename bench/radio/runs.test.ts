import { toRun, worstRun } from './runs';

const rounds = (latencies: number[]) => ({ latencies, skipToAllMs: [Math.max(...latencies)], skipToFirstMs: [Math.min(...latencies)] });

describe('radio runs', () => {
  it('summarizes one run per series of skips', () => {
    const run = toRun(rounds(Array.from({ length: 100 }, (_, i) => i + 1)), [12, 30]);
    expect(run.skipToTrackChange.p99).toBe(99);
    expect(run.skipToTrackChange.count).toBe(100);
    expect(run.skipToAllMs).toEqual([100]);
    expect(run.clientCpuMs).toEqual([12, 30]);
  });

  it('answers the run with the highest p99, not the pooled p99', () => {
    const calm = toRun(rounds(Array.from({ length: 100 }, () => 50)));
    const slow = toRun(rounds([...Array.from({ length: 98 }, () => 50), 300, 300]));
    const worst = worstRun([calm, slow, calm]);
    expect(worst.index).toBe(1);
    expect(worst.run.skipToTrackChange.p99).toBe(300);
  });

  it('refuses to answer without runs', () => {
    expect(() => worstRun([])).toThrow('no runs');
  });
});
