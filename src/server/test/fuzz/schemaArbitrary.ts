import fc from 'fast-check';
import type { z } from 'zod';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  element?: z.ZodType;
  format?: string;
}

interface Bounds {
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

/**
 * Values a zod schema of the contract would likely accept: what gets a request past validation
 * into the handler, where the interesting failures are. Unknown kinds give arbitrary JSON.
 */
export function fromSchema(schema: z.ZodType, ids: string[], fallback: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { def: Def }).def;
  const bounds = schema as unknown as Bounds;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(fromSchema(def.innerType!, ids, fallback), { nil: undefined, freq: 5 });
    case 'pipe':
      return fromSchema(def.in!, ids, fallback);
    case 'object': {
      const entries = Object.entries(def.shape ?? {}).map(([key, child]) => [key, fromSchema(child, ids, fallback)] as const);
      return fc.record(Object.fromEntries(entries)).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    }
    case 'string': {
      if (def.format === 'uuid' || def.format === 'guid') return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
      if (def.format === 'email') return fc.emailAddress();
      const minLength = bounds.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(bounds.maxLength ?? 24, 24)) });
    }
    case 'number':
    case 'int':
      return fc.integer({ min: Math.max(bounds.minValue ?? -10, -1e6), max: Math.min(bounds.maxValue ?? 1000, 1e6) });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return fc.array(fromSchema(def.element!, ids, fallback), { maxLength: 3 });
    default:
      return fallback;
  }
}

/** a likely-valid object with at most one field replaced by something nasty */
export function nearlyValid(valid: fc.Arbitrary<unknown>, nasty: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.option(nasty, { freq: 2 }), fc.nat()).map(([value, replacement, pick]) => {
    if (replacement === null || value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    return keys.length === 0 ? value : { ...value, [keys[pick % keys.length]]: replacement };
  });
}
