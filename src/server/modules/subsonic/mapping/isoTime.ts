/** A timestamp as the API sends it; raw SQL rows may hold a Date or the driver's text. */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
