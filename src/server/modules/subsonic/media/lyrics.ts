import type { SongLyrics } from '../../../db/schema';

/** The language the scan never reads: "xxx" is what taggers write for unknown (OpenSubsonic, songLyrics). */
const UNKNOWN_LANGUAGE = 'xxx';

export interface StructuredLyrics {
  displayArtist: string;
  displayTitle: string;
  lang: string;
  offset: number;
  synced: boolean;
  line: { start?: number; value: string }[];
}

/**
 * A song's lyrics as getLyricsBySongId lists them: the synced lines when the file had them (the
 * plain text is then the same words, so it is not listed twice), else the plain text line by line.
 */
export function structuredLyrics(song: { title: string; artist: string; lyrics: SongLyrics | null }): StructuredLyrics[] {
  const lyrics = song.lyrics;
  const base = { displayArtist: song.artist, displayTitle: song.title, lang: UNKNOWN_LANGUAGE, offset: 0 };
  if (lyrics?.synced?.length) {
    return [{ ...base, synced: true, line: lyrics.synced.map((line) => ({ start: line.timeMs, value: line.text })) }];
  }
  const plain = plainLines(lyrics?.plain);
  return plain.length ? [{ ...base, synced: false, line: plain.map((value) => ({ value })) }] : [];
}

/** The plain text of lyrics, synced ones joined when that is all the file had. */
export function plainLyrics(lyrics: SongLyrics | null): string {
  if (lyrics?.plain?.trim()) return lyrics.plain;
  return lyrics?.synced?.map((line) => line.text).join('\n') ?? '';
}

function plainLines(text: string | undefined): string[] {
  if (!text?.trim()) return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  while (lines.length && !lines[0].trim()) lines.shift();
  return lines;
}
