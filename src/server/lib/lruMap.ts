import { LRUCache } from 'lru-cache';

/**
 * A map that keeps at most `max` entries and forgets the least recently used one first: lru-cache
 * behind the small Map-like API its callers use (the song files streamed lately). lru-cache takes
 * no null or undefined key or value, hence the NonNullable bounds.
 */
export class LruMap<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`LruMap needs a whole max of at least 1, not ${max}`);
    this.entries = new LRUCache<K, V>({ max });
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): this {
    this.entries.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
