/** The stored facts of a song that say whether the browser gets it through ffmpeg. */
export interface StreamFormat {
  codec: string | null;
  mimeType: string;
}

/** ALAC (in MP4) and AIFF: listed by the scan, but no browser plays them as they are (docs/product.md §5.7). */
export function needsTranscode({ codec, mimeType }: StreamFormat): boolean {
  return codec === 'alac' || mimeType === 'audio/aiff';
}

/** What a transcoded song is sent as. */
export const TRANSCODED_MIME = 'audio/flac';
