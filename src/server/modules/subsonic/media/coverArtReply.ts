import { ARTWORK_SIZES } from '../../../../contract/artwork';

/** The thumbnail width served for a requested size: the smallest at least as large, else the largest (and the largest when none is asked). */
export function thumbnailSize(requested: number | undefined): number {
  const sizes = [...ARTWORK_SIZES].sort((a, b) => a - b);
  const largest = sizes[sizes.length - 1];
  if (requested === undefined || requested <= 0) return largest;
  return sizes.find((size) => size >= requested) ?? largest;
}
