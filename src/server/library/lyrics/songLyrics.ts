import type { LyricsTrack } from '../../../contract/lyrics';
import type { SongLyrics } from '../../db/schema';
import { parseLrc } from './lrc';

/** The language of a set whose source does not say (OpenSubsonic's songLyrics, ID3's "xxx"). */
export const UNKNOWN_LANGUAGE = 'xxx';

/** An ISO 639-2 code as a tag gives it ("eng", "ENG"), else UNKNOWN_LANGUAGE. */
export function languageOf(code: string | undefined): string {
  const lang = code?.trim().toLowerCase() ?? '';
  return /^[a-z]{3}$/.test(lang) ? lang : UNKNOWN_LANGUAGE;
}

/**
 * A lyrics text as a set: synced when it is LRC (a line with a timestamp), else plain, line by line.
 * The LRC's own [la:] names the language when the source (a tag's language field) does not.
 */
export function lyricsTrackOfText(text: string, lang: string): LyricsTrack | null {
  const lrc = parseLrc(text);
  if (lrc) return { lang: lang === UNKNOWN_LANGUAGE && lrc.lang ? lrc.lang : lang, synced: true, offsetMs: lrc.offsetMs, lines: lrc.lines };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  while (lines.length && !lines[0].trim()) lines.shift();
  return lines.length ? { lang, synced: false, offsetMs: 0, lines: lines.map((line) => ({ text: line })) } : null;
}

const syncedFirst = (sets: LyricsTrack[]) => [...sets.filter((s) => s.synced), ...sets.filter((s) => !s.synced)];

/**
 * Every set of a song's lyrics, synced ones first, for new rows (`tracks`) and old ones alike: an
 * old row's synced lines are one set, its plain text one only when it has no synced lines (the
 * plain text was then the same words).
 */
export function lyricsTracks(lyrics: SongLyrics | null | undefined): LyricsTrack[] {
  if (!lyrics) return [];
  if (lyrics.tracks) return syncedFirst(lyrics.tracks);
  if (lyrics.synced?.length) {
    return [{ lang: UNKNOWN_LANGUAGE, synced: true, offsetMs: 0, lines: lyrics.synced.map((line) => ({ startMs: line.timeMs, text: line.text })) }];
  }
  // rows read before LRC was recognised hold an LRC text as plain: it reads as synced here
  const plain = lyrics.plain ? lyricsTrackOfText(lyrics.plain, UNKNOWN_LANGUAGE) : null;
  return plain ? [plain] : [];
}

const textOf = (set: LyricsTrack, skipBlank = false) =>
  set.lines
    .map((line) => line.text)
    .filter((text) => !skipBlank || text.trim())
    .join('\n');

/** The plain text getLyrics answers: the first plain set, else the words of the first synced one. */
function plainTextOf(sets: LyricsTrack[]): string {
  const plain = sets.find((s) => !s.synced);
  if (plain) return textOf(plain);
  const synced = sets.find((s) => s.synced);
  return synced ? textOf(synced, true) : '';
}

/**
 * The plain text of a song's lyrics (Subsonic's getLyrics): the stored `plain`, unless it is an
 * LRC text an older scan kept as it was; then the words of the sets.
 */
export function lyricsPlainText(lyrics: SongLyrics | null | undefined): string {
  if (lyrics?.plain?.trim() && !parseLrc(lyrics.plain)) return lyrics.plain;
  return plainTextOf(lyricsTracks(lyrics));
}

/**
 * What a song row stores of the sets read from its files (synced first, in the order given). The
 * smallest form that says them: `synced` and `plain` when there is at most one set of each kind, in
 * no particular language, without an offset, and a plain set says no more than the synced one's
 * words (the form older rows have, which lyricsTracks reads back to the same sets); else `tracks`
 * beside `plain`.
 */
export function storedLyrics(read: LyricsTrack[], lrcFile?: SongLyrics['lrcFile']): SongLyrics | null {
  const sets = syncedFirst(read);
  const out: SongLyrics = {};
  const plain = plainTextOf(sets);
  if (plain) out.plain = plain;
  const synced = sets.filter((s) => s.synced);
  const plains = sets.filter((s) => !s.synced);
  const simple = sets.every((s) => s.lang === UNKNOWN_LANGUAGE && s.offsetMs === 0) && synced.length <= 1 && plains.length <= 1;
  const plainSaysMore = synced.length === 1 && plains.length === 1 && textOf(plains[0]) !== textOf(synced[0], true);
  if (simple && !plainSaysMore) {
    if (synced.length) out.synced = synced[0].lines.map((line) => ({ timeMs: line.startMs ?? 0, text: line.text }));
  } else out.tracks = sets;
  if (lrcFile) out.lrcFile = lrcFile;
  return out.plain || out.synced || out.tracks || out.lrcFile ? out : null;
}
