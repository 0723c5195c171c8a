import type { AdminOperation } from './operation';

/** Starts a scan with the app's own scanner (docs/product.md §5.7): 'started', 'running' or 'unconfigured'. */
export const scanStart: AdminOperation = {
  name: 'scan.start',
  run: async ({ app }) => ({ answer: await app.library.start() }),
};
