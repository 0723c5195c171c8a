import { needsTranscode, TRANSCODED_MIME, type StreamFormat } from '../transcode/formats';

/**
 * What a song's stream sends when no live transcode is asked for: the file as stored, or for ALAC
 * and AIFF their FLAC copy (docs/product.md §5.7). The one answer sendSongFile.ts sends by and
 * the Subsonic entry of the song describes (transcodedContentType), so the two never disagree.
 */
export type ServedFormat = { kind: 'file'; contentType: string } | { kind: 'flacCopy'; contentType: typeof TRANSCODED_MIME; suffix: 'flac' };

export function servedFormat(song: StreamFormat): ServedFormat {
  if (needsTranscode(song)) return { kind: 'flacCopy', contentType: TRANSCODED_MIME, suffix: 'flac' };
  return { kind: 'file', contentType: song.mimeType };
}
