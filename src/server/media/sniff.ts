import { open } from 'node:fs/promises';

export type AudioMime = 'audio/mpeg' | 'audio/ogg' | 'audio/wav';

export const EXTENSION_OF: Record<AudioMime, string> = { 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg', 'audio/wav': 'wav' };

/** Bytes sniffAudio needs to see. */
export const SNIFF_BYTES = 12;

/**
 * The audio type a file's first bytes say it is, whatever its name or declared type:
 * MP3 (an ID3v2 tag or an MPEG audio frame sync), OGG ('OggS'), WAV ('RIFF' .... 'WAVE'); null otherwise.
 */
export function sniffAudio(head: Uint8Array): AudioMime | null {
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
  return null;
}

/** sniffAudio on the start of a file. */
export async function sniffAudioFile(filePath: string): Promise<AudioMime | null> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return sniffAudio(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
