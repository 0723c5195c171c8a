/** A small key-value store of this browser (preferences kept without the server). */
export interface KeyValueStore {
  /** Keeps `value` under `key`; when storage is full or blocked, nothing is kept (the value lasts for this visit). */
  set(key: string, value: string): void;
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
  };
}
