import type { parseFile as ParseFile } from 'music-metadata';

/**
 * music-metadata's parseFile, its package loaded on the first call rather than at start-up: a
 * server that never reads tags (no MUSIC_DIR, no uploads since the start) does not hold its code
 * (docs/decisions/footprint.md).
 */
export const parseFile: typeof ParseFile = async (...args) => (await import('music-metadata')).parseFile(...args);
