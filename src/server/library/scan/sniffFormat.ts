import { open } from 'node:fs/promises';
import { sniffAudio } from '../../media/sniff';

const HEAD_BYTES = 16;

/**
 * Whether a file's first bytes look like audio of a format the library takes, whatever its
 * name: MP3/Ogg/WAV (media/sniff.ts), FLAC, AIFF and MP4/M4A. music-metadata then names the codec.
 */
export function looksLikeAudio(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (sniffAudio(head)) return true;
  if (ascii(0, 4) === 'fLaC') return true;
  if (ascii(0, 4) === 'FORM' && (ascii(8, 12) === 'AIFF' || ascii(8, 12) === 'AIFC')) return true;
  return ascii(4, 8) === 'ftyp';
}

export async function fileLooksLikeAudio(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return looksLikeAudio(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
