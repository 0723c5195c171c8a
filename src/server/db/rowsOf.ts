/** The rows of a db.execute answer as objects, on both drivers (node-postgres and PGlite both answer `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
