import type { IPicture } from 'music-metadata';
import { artworkHash } from './hashes';

/** The picture a file shows: its front cover when it has one, else its first picture. */
export function chooseEmbeddedPicture(pictures: IPicture[] | undefined): IPicture | null {
  if (!pictures?.length) return null;
  return pictures.find((p) => p.type?.toLowerCase() === 'cover (front)') ?? pictures[0];
}

/** The hash of a file's chosen embedded picture, or null when it has none (or an empty one). */
export function embeddedPictureHash(pictures: IPicture[] | undefined): string | null {
  const picture = chooseEmbeddedPicture(pictures);
  return picture && picture.data.length > 0 ? artworkHash(picture.data) : null;
}
