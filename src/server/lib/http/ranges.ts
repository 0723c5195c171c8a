/** One satisfiable byte range, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 §14): a single range gives it,
 * an unsatisfiable one gives 'unsatisfiable', and anything we do not serve as a range
 * (absent, malformed, another unit, several ranges) gives null: the whole file is sent.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // suffix: the last N bytes
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null; // invalid per RFC: ignore the header
  return { start, end };
}

/** A strong validator for a file: its size and modification time, the way nginx writes them. */
export function fileEtag(size: number, mtimeMs: number): string {
  return `"${Math.floor(mtimeMs / 1000).toString(16)}-${size.toString(16)}"`;
}

/** If-None-Match: true when one of the listed tags (weak comparison) is ours, or it is '*'. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** An HTTP date not older than the file (second precision) means unchanged. */
export function notModifiedSince(header: string | undefined, mtimeMs: number): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}
