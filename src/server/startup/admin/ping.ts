import type { AdminOperation } from './operation';

/** Answers that the server listens (the command line asks before it chooses the server). */
export const ping: AdminOperation = {
  name: 'ping',
  run: async () => ({ pid: process.pid }),
};
