import { accessSync, constants, mkdirSync } from 'node:fs';

/** Creates DATA_DIR (and MEDIA_DIR) and proves they are writable, or throws one readable line. */
export function ensureWritableDir(dir: string, name: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(`${name} ${dir} is not writable (${code})`);
  }
}
