import { inSlices } from './slices';

describe('inSlices', () => {
  it('visits every item once, in order', async () => {
    const seen: number[] = [];
    await inSlices([1, 2, 3, 4, 5], 2, (n) => seen.push(n));
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets other work run between slices, not within one', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other'));
    await inSlices(['a', 'b', 'c', 'd'], 2, (item) => order.push(item));
    expect(order).toEqual(['a', 'b', 'other', 'c', 'd']);
  });

  it('stops at the next slice once stopped', async () => {
    const seen: number[] = [];
    let stop = false;
    setImmediate(() => (stop = true));
    await inSlices(
      [1, 2, 3, 4],
      2,
      (n) => seen.push(n),
      () => stop,
    );
    expect(seen).toEqual([1, 2]);
  });
});
