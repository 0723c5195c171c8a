/** A small key-value store of this browser (preferences and the player kept without the server). */
export interface KeyValueStore {
  /** Keeps `value` under `key`; when storage is full or blocked, nothing is kept (the value lasts for this visit). */
  set(key: string, value: string): void;
  /** The value under `key`, null when there is none or storage is blocked. */
  get(key: string): string | null;
  remove(key: string): void;
}

export function createLocalStorageStore(): KeyValueStore {
  return {
    set(key, value) {
      try {
        localStorage.setItem(key, value);
      } catch {
        // storage full or blocked: the preference lasts for this visit only
      }
    },
    get(key) {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    remove(key) {
      try {
        localStorage.removeItem(key);
      } catch {
        // blocked: nothing was kept either
      }
    },
  };
}
