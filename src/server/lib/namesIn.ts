import { readdir } from 'node:fs/promises';

/** The names in a folder; none when the folder is not there (nothing was ever written to it). Other errors throw. */
export async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
