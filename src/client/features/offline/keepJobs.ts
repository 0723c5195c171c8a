import { browserKeepDeps, keepItem, removeKeptItem, type KeepableSong, type KeepDeps, type KeepProgress, type KeepTarget } from './keepService';
import { keptItemKey } from '../../shared/kept';
import { keepsSmaller, SMALLER_KBPS } from './keepSmaller';

/** A keep in progress, or the last one that stopped on an error. */
export type KeepJob = { state: 'keeping'; progress: KeepProgress } | { state: 'failed'; progress: KeepProgress };

/** Keeps run in the page, not in a component: leaving the page does not stop or forget one. */
const jobs = new Map<string, KeepJob>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
let deps: KeepDeps | null = null;
const depsNow = () => (deps ??= browserKeepDeps());

export const subscribeKeepJobs = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
export const keepJobOf = (key: string): KeepJob | undefined => jobs.get(key);

/** Starts keeping `target` (or keeping it in sync) unless a keep of it runs already. */
export function startKeeping(target: KeepTarget, songs: readonly KeepableSong[], owner: string | null): void {
  const key = keptItemKey(target.kind, target.id);
  if (jobs.get(key)?.state === 'keeping') return;
  let last: KeepProgress = { done: 0, total: songs.length, bytes: 0 };
  const report = (progress: KeepProgress) => {
    last = progress;
    jobs.set(key, { state: 'keeping', progress });
    notify();
  };
  report(last);
  keepItem({ ...target, maxBitRate: keepsSmaller() ? SMALLER_KBPS : undefined }, songs, owner, depsNow(), report).then(
    () => {
      jobs.delete(key);
      notify();
    },
    () => {
      jobs.set(key, { state: 'failed', progress: last });
      notify();
    },
  );
}

export async function stopKeeping(key: string): Promise<void> {
  jobs.delete(key);
  notify();
  await removeKeptItem(key, depsNow());
}

/** For tests: other dependencies than the browser's. */
export function setKeepDepsForTests(next: KeepDeps | null): void {
  deps = next;
  jobs.clear();
}
