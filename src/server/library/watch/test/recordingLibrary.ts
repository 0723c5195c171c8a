import type { LibraryScanService } from '../../scan/scanService';

/**
 * A library for a watcher under measurement: the scans it asks for are recorded in `scans` (the
 * folder targets, undefined for a full scan), not run, so only the watcher's own cost shows.
 */
export function recordingLibrary(): { library: LibraryScanService; scans: (string[] | undefined)[] } {
  const scans: (string[] | undefined)[] = [];
  const library = {
    start: async (targets?: string[]) => (scans.push(targets), 'started'),
    whenIdle: async () => undefined,
    status: () => ({ running: false }),
  } as unknown as LibraryScanService;
  return { library, scans };
}
