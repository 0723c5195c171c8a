/**
 * docs/product.md §2.17 (music kept on this device): the strings of the keep button, the kept music
 * page and the storage panel, in a file of their own so only the chunks that show them carry them.
 */
export const KEPT_MESSAGES = {
  keep: 'Available offline',
  keeping: (done: number, total: number) => `Keeping ${done} of ${total}…`,
  kept: 'Available offline ✓',
  keptWithOther: 'Available offline ✓ (kept with its album, a playlist or Liked Songs)',
  keepFailed: (done: number, total: number) => `Could not keep every song (${done} of ${total} kept). Try again.`,
  playItem: 'Play',
  remove: 'Remove',
  removeAll: 'Remove all',
  storageTitle: 'Storage on this device',
  keptSize: (size: string, songs: number) => `Music kept: ${size} (${songs} ${songs === 1 ? 'song' : 'songs'})`,
  browserUsage: (used: string, quota: string) => `This browser’s storage for Wavelength: ${used} used of ${quota}`,
  browserUsageUnknown: 'This browser does not tell how much storage it gives Wavelength.',
  persist: 'Keep storage persistent',
  persistent: 'Storage is persistent: the browser will not clear it to free space.',
  notPersistent: 'Storage is not persistent: the browser may clear kept music when space runs low.',
  persistRefused: 'The browser did not make storage persistent.',
  smaller: 'Keep smaller copies (MP3, 192 kbps)',
  smallerHint: 'Songs kept from now on take less space; songs already kept stay as they are.',
} as const;

/** "12.3 MB" (1 MB = 1,000,000 bytes), "512 KB", "0 B". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} KB`;
  return `${bytes} B`;
}

/** A change the server must make (a like), asked for while the app cannot reach it: refused, never queued. */
export const OFFLINE_CHANGE_REFUSED = "You're offline: this change needs a network connection.";
