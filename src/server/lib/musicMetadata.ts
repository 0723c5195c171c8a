import type { parseFile as ParseFile } from 'music-metadata';

export type ParseFileFn = typeof ParseFile;

/**
 * music-metadata's parseFile, its package loaded on the first use rather than at start-up: a
 * server that never reads tags (no MUSIC_DIR, no uploads since the start) does not hold its code
 * (docs/decisions/footprint.md). Work over many files (a scan) loads it once and keeps the function:
 * each import() goes through the module loader again (resolution, and under a loader hook such as
 * tsx's a round trip to the hooks thread), 20 s of a 100,000-file scan's CPU profile when it ran per file.
 */
export const loadParseFile = async (): Promise<ParseFileFn> => (await import('music-metadata')).parseFile;

/** One call: loads the package (cached by the module loader after the first time) and parses. */
export const parseFile: ParseFileFn = async (...args) => (await loadParseFile())(...args);
