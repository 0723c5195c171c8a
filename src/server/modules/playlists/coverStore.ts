import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type CoverMime = 'image/jpeg' | 'image/png' | 'image/webp';

const EXTENSIONS: Record<CoverMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const NAME_PATTERN = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** The image type decided from the first bytes, never from a declared name or mime type. */
export function sniffCoverMime(bytes: Uint8Array): CoverMime | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Playlist covers under MEDIA_DIR/covers, named by a generated id. */
export class CoverStore {
  readonly dir: string;
  constructor(mediaDir: string) {
    this.dir = path.join(mediaDir, 'covers');
  }

  private file(name: string): string {
    if (!NAME_PATTERN.test(name)) throw new Error(`bad cover name: ${name}`);
    return path.join(this.dir, name);
  }

  /** Writes the image (atomically: temp file then rename) and returns its stored name; a failed write (a full disk) leaves no temp file. */
  async save(bytes: Uint8Array, mime: CoverMime): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomUUID()}.${EXTENSIONS[mime]}`;
    const target = this.file(name);
    const temp = `${target}.${process.pid}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return name;
  }

  read(name: string): Promise<Buffer> {
    return readFile(this.file(name));
  }

  /** Removes a cover; a missing file is not an error. */
  async remove(name: string | null | undefined): Promise<void> {
    if (!name) return;
    await rm(this.file(name), { force: true });
  }
}
