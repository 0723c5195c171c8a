import { MESSAGES } from '../../contract/messages';
import { HttpError } from './httpError';

/**
 * PostgreSQL refuses NUL in text and lone UTF-16 surrogates cannot be encoded as UTF-8, so either
 * would fail deep in a query as a 500. No legitimate text carries them: they are refused up front.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const NUL_OR_LONE_SURROGATE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(value: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(value);
}

/**
 * Throws a 400 when any string (or object key) inside `value` is not clean text. Walks with an
 * explicit stack, so a deeply nested JSON body cannot overflow the call stack; the body size
 * limit bounds the work.
 */
export function assertCleanInput(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isCleanText(item)) throw new HttpError(400, MESSAGES.invalidText);
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (!isCleanText(key)) throw new HttpError(400, MESSAGES.invalidText);
        pending.push(child);
      }
    }
  }
}
