import { parseFile } from '../../lib/musicMetadata';

export interface AudioInfo {
  durationMs: number;
  /** as music-metadata names it, e.g. 'WAVE', 'MPEG', 'Ogg' */
  container: string;
}

/** The real duration of an audio file, read from its contents; throws when none can be read. */
export async function readAudioInfo(filePath: string): Promise<AudioInfo> {
  // duration: true lets music-metadata scan the whole file when the header does not say (e.g. VBR MP3 without Xing).
  const { format } = await parseFile(filePath, { duration: true, skipCovers: true });
  const seconds = format.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`could not read a duration from ${filePath}`);
  }
  return { durationMs: Math.round(seconds * 1000), container: format.container ?? 'unknown' };
}
