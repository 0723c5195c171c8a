/**
 * Artwork (docs/product.md §5.7). An `artworkUrl` names one image by the hash of its bytes
 * (`/api/artwork/<hash>`), so a URL never changes meaning and is cached as immutable; the server
 * keeps thumbnails at these widths and the client asks for the one it draws.
 */
export const ARTWORK_SIZES = [64, 300, 600] as const;
export type ArtworkSize = (typeof ARTWORK_SIZES)[number];

/** The thumbnail of an artworkUrl at one of ARTWORK_SIZES. */
export function artworkSrc(artworkUrl: string, size: ArtworkSize): string {
  return `${artworkUrl}?size=${size}`;
}
