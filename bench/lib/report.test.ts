/**
 * @jest-environment node
 */
import { atLeast, atMost, info, renderTable } from './report';
import { percentile, summarize } from './stats';

test('percentiles are nearest-rank over the exact samples', () => {
  const samples = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(samples, 50)).toBe(50);
  expect(percentile(samples, 95)).toBe(95);
  expect(percentile(samples, 99)).toBe(99);
  expect(percentile([7], 99)).toBe(7);
  expect(percentile([], 50)).toBeNaN();
  expect(summarize([3, 1, 2])).toMatchObject({ count: 3, p50: 2, max: 3, mean: 2 });
});

test('budgets read the right way round', () => {
  expect(atMost('p95', 'ms', 24, 25).met).toBe(true);
  expect(atMost('p95', 'ms', 26, 25).met).toBe(false);
  expect(atLeast('ratio', '', 0.49, 0.5).met).toBe(false);
  expect(info('x', 'ms', 1).met).toBeNull();
});

test('the table shows budget, measured, reference, ratio and verdict, and parts that did not run', () => {
  const table = renderTable([
    {
      part: 'search',
      title: 'Search',
      method: '',
      seconds: 1,
      figures: [atMost('search p95', 'ms', 30.04, 25, { reference: { value: 300, what: 'no index' }, ratio: 0.1 })],
    },
    { part: 'radio', title: 'Radio', method: '', seconds: 0, figures: [], skipped: 'not in the tree | yet' },
  ]);
  expect(table).toContain('| search | search p95 | ≤ 25 ms | 30 ms | 300 ms (no index) | 0.1× | **missed** |');
  expect(table).toContain('| radio | (not run) |  |  |  |  | not in the tree \\| yet |');
});
