/** The app's own files, one cache per build: the prefix plus the build's shell version. */
export const SHELL_CACHE_PREFIX = 'wavelength-shell-';

/** Reserved for music kept on this device (issue 30, part B): no shell update ever deletes it. */
export const AUDIO_CACHE = 'wavelength-audio-v1';

/** The message a page posts to a waiting worker when the user chooses to update. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** The message a page posts to the worker after it kept or removed music, so it re-reads AUDIO_CACHE. */
export const KEPT_CHANGED = 'KEPT_CHANGED';

/**
 * Where a kept song's whole file sits in AUDIO_CACHE: by song id, never by its stream URL, whose
 * query (format, a token) may differ from one play to the next.
 */
export function keptAudioKey(songId: string): string {
  return `/kept/audio/${encodeURIComponent(songId)}`;
}
