export interface StorageFacts {
  /** bytes this origin uses and may use, as the browser estimates them; null when it does not say */
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

type StorageManagerLike = Pick<StorageManager, 'estimate' | 'persisted' | 'persist'>;

const manager = (): StorageManagerLike | undefined => (typeof navigator !== 'undefined' ? navigator.storage : undefined);

/** The browser's estimate of this origin's storage and whether it is persistent. */
export async function storageFacts(storage: StorageManagerLike | undefined = manager()): Promise<StorageFacts> {
  if (!storage) return { usage: null, quota: null, persisted: null };
  const [estimate, persisted] = await Promise.all([storage.estimate().catch(() => null), storage.persisted().catch(() => null)]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** Asks the browser to keep this origin's storage until the user clears it; true when it will. */
export async function askPersistent(storage: StorageManagerLike | undefined = manager()): Promise<boolean> {
  return storage ? storage.persist().catch(() => false) : false;
}
