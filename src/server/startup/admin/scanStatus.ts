import type { AdminOperation } from './operation';

/** The app's scan as GET /api/library/scan shows it: running, progress, the last result. */
export const scanStatus: AdminOperation = {
  name: 'scan.status',
  run: async ({ app }) => app.library.status(),
};
