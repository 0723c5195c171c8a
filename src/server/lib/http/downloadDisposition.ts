import path from 'node:path';

const MAX_NAME = 150;

/**
 * A download's Content-Disposition: "Artist - Title.ext" with nothing a file system or a header
 * could misread (separators, reserved and control characters, leading dots), an ASCII fallback in
 * `filename` and the real name in `filename*` (RFC 6266).
 */
export function downloadDisposition(song: { title: string; artist: string }, filePath: string): string {
  const ext = path
    .extname(filePath)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '');
  const stem = safeStem(`${song.artist} - ${song.title}`) || 'song';
  const name = `${stem}${ext}`;
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

function safeStem(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, MAX_NAME)
      .trim()
  );
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
