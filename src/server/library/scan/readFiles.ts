import { loadParseFile, type ParseFileFn } from '../../lib/musicMetadata';
import { playabilityOf, type Playability } from './playability';
import { readTags, UnreadableAudioError } from './readTags';
import { fileLooksLikeAudio } from './sniffAudio';
import type { FoundFile, ReadTrack, ScanCounters, SkippedFile } from './types';

export interface ReadOutcome {
  track: ReadTrack;
  playability: Playability;
}

export interface ReadOptions {
  ffmpegAvailable: boolean;
  counters: ScanCounters;
  skipped: SkippedFile[];
  signal?: AbortSignal;
  /** loads music-metadata's parseFile; called once per readFiles (tests count the calls) */
  loadParser?: () => Promise<ParseFileFn>;
}

/** Files read at once: enough to overlap disk waits, few enough for 2 cores. */
const CONCURRENCY = 4;

/**
 * Phase 3: the tags of new and changed files, in their order. A file that is not audio, cannot
 * be parsed or is of a format the library does not take is reported in `skipped` (one bad file
 * never stops a scan) and left out of the answer.
 */
export async function readFiles(files: FoundFile[], options: ReadOptions): Promise<(ReadOutcome | null)[]> {
  const out: (ReadOutcome | null)[] = new Array<ReadOutcome | null>(files.length).fill(null);
  if (!files.length) return out;
  // once for all the files, not an import() per file
  const parse = await (options.loadParser ?? loadParseFile)();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      options.signal?.throwIfAborted();
      const index = next++;
      out[index] = await readOne(files[index], parse, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
  return out;
}

async function readOne(file: FoundFile, parse: ParseFileFn, { ffmpegAvailable, counters, skipped }: ReadOptions): Promise<ReadOutcome | null> {
  const skip = (reason: string, failed: boolean) => {
    skipped.push({ path: file.path, reason, failed });
    if (failed) counters.failed += 1;
    return null;
  };
  try {
    if (!(await fileLooksLikeAudio(file.path))) return skip('not an audio file', false);
    counters.tagsRead += 1;
    const tags = await readTags(file.path, file.lrcFile, parse);
    const playability = playabilityOf(tags.container, tags.codec, ffmpegAvailable);
    if (!playability) return skip(`unsupported audio format (${tags.container || '?'} / ${tags.codec || '?'})`, false);
    return { track: { file, tags }, playability };
  } catch (error) {
    if (error instanceof UnreadableAudioError) return skip(error.message, true);
    return skip(`file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, true);
  }
}
