/**
 * Runs `fn` over `items` a slice at a time, letting the event loop run between slices: a loop over
 * 10,000 sockets (pings) would otherwise hold it for a few hundred ms, and a skip's broadcast with it.
 * Stops early when `stopped()` turns true.
 */
export async function inSlices<T>(items: readonly T[], size: number, fn: (item: T) => void, stopped: () => boolean = () => false): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (stopped()) return;
    const end = Math.min(start + size, items.length);
    for (let i = start; i < end; i += 1) fn(items[i]);
  }
}
