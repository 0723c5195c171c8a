import { foldText } from '../../lib/text';
import type { TrackTags } from './types';

export const VARIOUS_ARTISTS = 'Various Artists';
export const UNKNOWN_ALBUM = '[Unknown Album]';
export const UNKNOWN_ARTIST = '[Unknown Artist]';

/** The album artist as grouping sees it: the tag, else Various Artists for a compilation, else the first artist. */
export function albumArtistOf(tags: TrackTags): string {
  if (tags.albumArtist) return tags.albumArtist;
  if (tags.compilation) return VARIOUS_ARTISTS;
  return tags.artists[0] ?? UNKNOWN_ARTIST;
}

/**
 * What makes files one album, as Navidrome groups them (docs/decisions/library.md): the
 * MusicBrainz album id, else album artist + album name + year, case and accents ignored. So a
 * compilation of many artists is one album, and same-named albums by two artists are two.
 */
export function albumGroupKey(tags: TrackTags): string {
  if (tags.mbzAlbumId) return `mbz:${tags.mbzAlbumId.toLowerCase()}`;
  return `${foldText(albumArtistOf(tags))}|${foldText(tags.album ?? UNKNOWN_ALBUM)}|${tags.year ?? ''}`;
}
