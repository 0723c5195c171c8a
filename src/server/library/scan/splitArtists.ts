/**
 * The artists one ARTIST tag names: "A feat. B", "A ft. B", "A featuring B", "A; B" and "A / B".
 * A slash without spaces stays (AC/DC), and "&" or "and" stay (Simon & Garfunkel).
 */
const SEPARATORS = /\s+(?:feat\.?|ft\.|featuring)\s+|\s*;\s*|\s+\/\s+/i;

export function splitArtists(value: string): string[] {
  return unique(value.split(SEPARATORS));
}

/** Trimmed, empty ones dropped, each name once (first spelling wins), order kept. */
export function unique(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name && !seen.has(key)) {
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}
