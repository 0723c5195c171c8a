import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/** An artwork hash: 32 hex digits (128 bits of SHA-256), what `/api/artwork/<hash>` names. */
export const ARTWORK_HASH = /^[0-9a-f]{32}$/;

/** The hash of an image's bytes: the same picture in two files is one URL and one set of thumbnails. */
export function artworkHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/** Bumped when the placeholder drawing changes, so old thumbnails are never served for new art. */
const PLACEHOLDER_PREFIX = 'placeholder:v1:';

/** The hash of a generated cover: derived from its label, so one album name always gives one URL. */
export function placeholderHash(label: string): string {
  return createHash('sha256').update(`${PLACEHOLDER_PREFIX}${label}`, 'utf8').digest('hex').slice(0, 32);
}

/** placeholderHash in SQL (the artwork pass and migration 0006 compute the same digits). */
export function placeholderHashSql(label: SQL): SQL {
  return sql`left(encode(sha256(convert_to(${PLACEHOLDER_PREFIX} || ${label}, 'UTF8')), 'hex'), 32)`;
}

/** The artworkUrl of a hash (contract/artwork.ts). */
export function artworkUrlOf(hash: string | null | undefined): string | null {
  return hash ? `/api/artwork/${hash}` : null;
}
