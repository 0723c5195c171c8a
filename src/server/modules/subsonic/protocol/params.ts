import { invalidParameter, missingParameter } from './errors';

/**
 * A request's parameters: the query string and a form-encoded POST body, merged, every name able
 * to repeat (`id=1&id=2`, `songIdToAdd=…`). Values are strings as the protocol sends them.
 */
export class SubsonicParams {
  private readonly values = new Map<string, string[]>();

  constructor(sources: Iterable<[string, string]>) {
    for (const [name, value] of sources) {
      const list = this.values.get(name);
      if (list) list.push(value);
      else this.values.set(name, [value]);
    }
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** The first value, or undefined. */
  string(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  required(name: string): string {
    const value = this.string(name);
    if (value === undefined || value === '') throw missingParameter(name);
    return value;
  }

  /** Every value of a repeated parameter, in order (empty when absent). */
  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }

  int(name: string): number | undefined;
  int(name: string, fallback: number): number;
  int(name: string, fallback?: number): number | undefined {
    const raw = this.string(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d+$/.test(raw.trim())) throw invalidParameter(name, 'must be a whole number');
    const value = Number(raw);
    if (!Number.isSafeInteger(value)) throw invalidParameter(name, 'is out of range');
    return value;
  }

  requiredInt(name: string): number {
    if (this.string(name) === undefined || this.string(name) === '') throw missingParameter(name);
    return this.int(name, 0);
  }

  /** A count or offset: clamped to [min, max]. */
  intInRange(name: string, fallback: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.int(name, fallback)));
  }

  bool(name: string, fallback = false): boolean {
    const raw = this.string(name);
    if (raw === undefined || raw === '') return fallback;
    return raw === 'true' || raw === '1';
  }
}
