import type * as FsPromises from 'node:fs/promises';

/** The error a write on a full disk fails with (`code` ENOSPC, or EDQUOT for a full quota). */
export function diskFullError(code = 'ENOSPC'): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28, syscall: 'write' });
}

/**
 * node:fs/promises for jest.unstable_mockModule, whose writeFile, while `isFull()`, writes half of a
 * `.tmp` file and then fails with ENOSPC, as a disk filling up does; every other call is the real one.
 */
export function fsPromisesOnFullDisk(real: typeof FsPromises, isFull: () => boolean) {
  return {
    ...real,
    default: real,
    writeFile: async (file: string, data: Uint8Array, options?: Parameters<typeof real.writeFile>[2]) => {
      if (!isFull() || !String(file).endsWith('.tmp')) return real.writeFile(file, data, options);
      await real.writeFile(file, data.subarray(0, Math.floor(data.length / 2)));
      throw diskFullError();
    },
  };
}
