import { open } from 'node:fs/promises';

/** What a file's first bytes say it holds: the audio containers the library takes. */
export type SniffedAudio = 'audio/mpeg' | 'audio/ogg' | 'audio/wav' | 'audio/flac' | 'audio/aiff' | 'audio/mp4';

/** Bytes sniffAudio needs to see. */
const HEAD_BYTES = 16;

/**
 * The audio container a file's first bytes say it is, whatever its name or declared type:
 * MP3 (an ID3v2 tag or an MPEG audio frame sync), Ogg ('OggS'), WAV ('RIFF' .... 'WAVE'), FLAC
 * ('fLaC'), AIFF ('FORM' .... 'AIFF'/'AIFC') and MP4/M4A ('ftyp'); null otherwise. music-metadata
 * then names the codec.
 */
export function sniffAudio(head: Uint8Array): SniffedAudio | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (head.length >= 4 && ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (head.length >= 3 && ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0) {
    // 11 sync bits, then version (01 is reserved) and layer (00 is reserved, and is what AAC's ADTS uses).
    const version = (head[1] >> 3) & 0x03;
    const layer = (head[1] >> 1) & 0x03;
    if (version !== 0x01 && layer !== 0x00) return 'audio/mpeg';
  }
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(0, 4) === 'FORM' && (ascii(8, 12) === 'AIFF' || ascii(8, 12) === 'AIFC')) return 'audio/aiff';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  return null;
}

/** Whether a file's first bytes look like audio of a format the library takes (sniffAudio). */
export async function fileLooksLikeAudio(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return sniffAudio(head.subarray(0, bytesRead)) !== null;
  } finally {
    await handle.close();
  }
}
