import type { SongLyrics } from '../../../db/schema';
import { lyricsPlainText, lyricsTracks } from '../../../library/lyrics/songLyrics';

export interface StructuredLyrics {
  displayArtist: string;
  displayTitle: string;
  lang: string;
  offset: number;
  synced: boolean;
  line: { start?: number; value: string }[];
}

/**
 * A song's lyrics as getLyricsBySongId lists them (docs/product.md §5.8): every set, synced first,
 * with its language and the file's [offset:], which OpenSubsonic's `offset` means alike (positive:
 * the lines show sooner).
 */
export function structuredLyrics(song: { title: string; artist: string; lyrics: SongLyrics | null }): StructuredLyrics[] {
  return lyricsTracks(song.lyrics).map((set) => ({
    displayArtist: song.artist,
    displayTitle: song.title,
    lang: set.lang,
    offset: set.offsetMs,
    synced: set.synced,
    line: set.lines.map((line) => (set.synced ? { start: line.startMs ?? 0, value: line.text } : { value: line.text })),
  }));
}

/** The plain text of lyrics, what getLyrics answers. */
export function plainLyrics(lyrics: SongLyrics | null): string {
  return lyricsPlainText(lyrics);
}
