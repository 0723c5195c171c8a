import { useSyncExternalStore } from 'react';
import { getKeptRecords, keptItemKey, subscribeKeptRecords, type KeptItem, type KeptKind, type KeptRecords } from '../../shared/kept';
import { keepJobOf, subscribeKeepJobs, type KeepJob } from './keepJobs';

export const useKeptRecords = (): KeptRecords => useSyncExternalStore(subscribeKeptRecords, getKeptRecords);

/** One item's record (undefined when not kept) and its keep in progress, if any. */
export function useKeptItem(kind: KeptKind, id: string): { item: KeptItem | undefined; job: KeepJob | undefined } {
  const key = keptItemKey(kind, id);
  const records = useKeptRecords();
  const job = useSyncExternalStore(subscribeKeepJobs, () => keepJobOf(key));
  return { item: records.items.find((i) => i.key === key), job };
}
