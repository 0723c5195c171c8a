/**
 * A coverArt id is the artwork's content hash (what /api/artwork/<hash> serves), so apps can
 * cache covers forever; getCoverArt also takes a song, album or artist id (methods/media.ts).
 */
export function artworkHashOf(hash: string | null | undefined): string | undefined {
  return hash ?? undefined;
}
