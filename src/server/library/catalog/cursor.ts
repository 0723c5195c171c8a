import { HttpError } from '../../lib/httpError';
import { isUuid } from '../../lib/uuid';

/** A keyset position (the sort values, then the id) or an offset, as an opaque string. */
export type CursorValue = string | number;

const TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;

/** What each sort keeps in its cursor: 's' a string, 'n' an integer, 't' a timestamp, 'u' an id. */
export type CursorShape = readonly ('s' | 'n' | 't' | 'u')[];

export function encodeBrowseCursor(values: CursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

function fits(kind: CursorShape[number], value: unknown): boolean {
  if (kind === 'n') return Number.isSafeInteger(value);
  if (typeof value !== 'string' || value.length > 300) return false;
  if (kind === 'u') return isUuid(value);
  if (kind === 't') return TIMESTAMP.test(value);
  return true;
}

/** Throws a 400 for anything encodeBrowseCursor did not make for this shape. */
export function decodeBrowseCursor(value: string, shape: CursorShape): CursorValue[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === shape.length && shape.every((kind, i) => fits(kind, parsed[i]))) {
      return parsed as CursorValue[];
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'Invalid cursor');
}
