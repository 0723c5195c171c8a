import { open } from 'node:fs/promises';
import path from 'node:path';
import type { LyricsTrack } from '../../../contract/lyrics';
import { LYRICS_MAX_CHARS } from '../scan/cleanTags';
import type { FoundFile } from '../scan/types';
import { lyricsTrackOfText, UNKNOWN_LANGUAGE } from './songLyrics';

/** A lyrics file beside an audio file (docs/product.md §5.8): Song.mp3's is Song.lrc (or Song.LRC). */
export const isLrcFile = (file: Pick<FoundFile, 'path'>): boolean => path.extname(file.path).toLowerCase() === '.lrc';

/** The names a file's .lrc may have, the lower-case extension first. */
export function lrcNamesOf(audioPath: string): string[] {
  const { dir, name } = path.parse(audioPath);
  return [path.join(dir, `${name}.lrc`), path.join(dir, `${name}.LRC`)];
}

/** Splits a walk's files into .lrc files and the rest. */
export function splitLrcFiles(files: FoundFile[]): { lrcFiles: FoundFile[]; others: FoundFile[] } {
  const lrcFiles: FoundFile[] = [];
  const others: FoundFile[] = [];
  for (const file of files) (isLrcFile(file) ? lrcFiles : others).push(file);
  return { lrcFiles, others };
}

/** Gives each audio file the .lrc beside it, when the walk found one. */
export function pairLrcFiles(audio: FoundFile[], lrcFiles: FoundFile[]): void {
  if (!lrcFiles.length) return;
  const byPath = new Map(lrcFiles.map((file) => [file.path, file]));
  for (const file of audio) {
    const lrc = lrcNamesOf(file.path)
      .map((name) => byPath.get(name))
      .find(Boolean);
    if (lrc) file.lrcFile = { path: lrc.path, size: lrc.size, mtimeMs: lrc.mtimeMs };
  }
}

/** Bytes of a .lrc read: the lyrics cap's characters at up to four bytes each (a bigger file is read that far). */
const READ_MAX_BYTES = LYRICS_MAX_CHARS * 4;

/** The text of a .lrc file: UTF-8 (a BOM dropped), or UTF-16 with its BOM; at most READ_MAX_BYTES read. */
async function readText(filePath: string): Promise<string> {
  const handle = await open(filePath, 'r');
  try {
    const length = Math.min((await handle.stat()).size, READ_MAX_BYTES);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
    if (bytes[0] === 0xfe && bytes[1] === 0xff)
      return Buffer.from(bytes.subarray(2, bytesRead - (bytesRead % 2)))
        .swap16()
        .toString('utf16le');
    return bytes.toString('utf8').replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
}

/** The set of lyrics a .lrc file holds (synced, or plain when no line is timed); none when it cannot be read. */
export async function readLrcFile(filePath: string): Promise<LyricsTrack | null> {
  try {
    return lyricsTrackOfText(await readText(filePath), UNKNOWN_LANGUAGE);
  } catch {
    return null;
  }
}
