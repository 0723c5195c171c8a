/** A request made while the server could not be reached, for one user. */
export interface LateItem {
  userId: string;
}

/**
 * docs/product.md §2.17: requests that got no answer (a play, a listen), kept in this browser's
 * localStorage under `key` until the server answers again; at most `max`, the oldest dropped first.
 */
export interface LateQueue<T extends LateItem> {
  read(): T[];
  add(item: T): void;
  /** Removes `sent`, reading the queue again first: an item may have been kept meanwhile. */
  remove(sent: readonly T[]): void;
}

export function lateQueue<T extends LateItem>(key: string, max: number, same: (a: T, b: T) => boolean): LateQueue<T> {
  const read = (): T[] => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  };
  const write = (items: T[]) => {
    try {
      if (items.length === 0) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(items.slice(-max)));
    } catch {
      // storage full or blocked: the item is lost, as it was before they were kept
    }
  };
  return {
    read,
    add: (item) => write([...read(), item]),
    remove: (sent) => write(read().filter((item) => !sent.some((s) => same(s, item)))),
  };
}
