/**
 * @jest-environment node
 */
import { mergeResults } from './merge';
import type { BenchResults, Machine, PartResult } from './report';

const machine = (startedAt: string): Machine =>
  ({ cpus: 2, cpuModel: 'x', memoryGiB: 1, node: 'v20', platform: 'linux', loadAverageAtStart: [0, 0, 0], startedAt }) as Machine;
const part = (name: string, measured: number): PartResult => ({
  part: name,
  title: name,
  method: '',
  seconds: 1,
  figures: [{ name: 'f', unit: 'ms', measured, budget: null, met: null }],
});
const run = (parts: PartResult[], startedAt: string, only: string[] | null): BenchResults => ({
  machine: machine(startedAt),
  parts,
  totalSeconds: 10,
  only,
});

test('a partial run replaces its parts in the suite order, keeps the others, and is named', () => {
  const saved = run([part('search', 1), part('scan', 2), part('mixed', 3)], 'full', null);
  const merged = mergeResults(saved, run([part('mixed', 30), part('footprint', 40)], 'later', ['mixed', 'footprint']), [
    'search',
    'scan',
    'footprint',
    'mixed',
  ]);
  expect(merged.parts.map((p) => [p.part, p.figures[0].measured])).toEqual([
    ['search', 1],
    ['scan', 2],
    ['footprint', 40],
    ['mixed', 30],
  ]);
  expect(merged.machine.startedAt).toBe('full');
  expect(merged.merged).toEqual([{ parts: ['mixed', 'footprint'], machine: machine('later'), totalSeconds: 10 }]);
});

test('a part run again drops out of the earlier merged run that brought it', () => {
  const once = mergeResults(run([part('search', 1)], 'full', null), run([part('scan', 2), part('mixed', 3)], 'first', ['scan', 'mixed']), [
    'search',
    'scan',
    'mixed',
  ]);
  const twice = mergeResults(once, run([part('mixed', 4)], 'second', ['mixed']), ['search', 'scan', 'mixed']);
  expect(twice.merged!.map((r) => [r.parts, r.machine.startedAt])).toEqual([
    [['scan'], 'first'],
    [['mixed'], 'second'],
  ]);
  expect(twice.parts.find((p) => p.part === 'mixed')!.figures[0].measured).toBe(4);
});
