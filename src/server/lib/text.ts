/** Lower-case, accents removed, spacing folded: how search sees text. */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** foldText without punctuation: two spellings of one song give one key. */
export function matchKey(title: string, artist: string): string {
  const strip = (s: string) =>
    foldText(s)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return `${strip(title)}|${strip(artist)}`;
}
