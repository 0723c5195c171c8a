import { sql, type SQL } from 'drizzle-orm';

/** A uuid[] parameter (drizzle sends a JS array as a record otherwise). */
export function sqlUuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}
