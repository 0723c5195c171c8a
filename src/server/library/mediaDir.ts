import path from 'node:path';

/** The folder inside MEDIA_DIR where uploads are written before they are complete and checked. */
export function uploadTempDir(mediaDir: string): string {
  return path.join(mediaDir, 'tmp');
}

/**
 * The absolute path of a media file name, or null when the name could point anywhere but
 * directly inside MEDIA_DIR (separators, '..', hidden names, absolute paths).
 */
export function mediaFilePath(mediaDir: string, fileName: string): string | null {
  if (!fileName || fileName !== path.basename(fileName) || fileName.startsWith('.') || fileName.includes('\0')) return null;
  const root = path.resolve(mediaDir);
  const full = path.resolve(root, fileName);
  return path.dirname(full) === root ? full : null;
}
