import type { LyricsTrack } from '../../../contract/lyrics';
import type { SongLyrics } from '../../db/schema';
import { foldText } from '../../lib/text';
import { UNKNOWN_ARTIST } from './albumKey';
import { unique } from './splitArtists';
import type { TrackTags } from './types';

/**
 * Tag values as the database takes them (issue 27, item 1): a file's tags are whatever its writer
 * put there, and one value PostgreSQL refuses (a NUL, an index entry over the btree maximum of about
 * 2,700 bytes, an integer out of range) would fail the write of every file beside it. Every scanned
 * and uploaded file's tags go through cleanTrackTags, so what reaches the database always fits.
 */

/** Characters kept of a one-line value (title, artist, album, a name): far above any real tag. */
export const TEXT_MAX_CHARS = 1000;
/**
 * Bytes of an indexed key (a folded name or title: artists.sort_key, albums.sort_key, the two halves
 * of albums.group_key, songs.sort_key, songs.match_key): two keys and a year stay under the btree
 * maximum. A title keeps its full TEXT_MAX_CHARS; only its key is cut.
 */
export const INDEX_KEY_MAX_BYTES = 1000;
/** songs.file_path is unique-indexed: a file whose absolute path is longer is skipped with its reason. */
export const PATH_MAX_BYTES = 2000;
/** Values kept of a list (ARTISTS, genres). */
export const LIST_MAX = 50;
/** Characters of an identifier-like value (MusicBrainz ids, codec and container names). */
const ID_MAX_CHARS = 200;
/** What a song is called when neither its tag nor its file name leaves anything. */
export const UNTITLED = 'Untitled';

const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The first `max` code points of value (never half a surrogate pair). */
function capChars(value: string, max: number): string {
  if (value.length <= max) return value;
  let units = 0;
  for (let points = 0; points < max && units < value.length; points += 1) units += value.codePointAt(units)! > 0xffff ? 2 : 1;
  return value.slice(0, units);
}

/** The longest start of value that is at most `max` bytes in UTF-8 (cut between code points). */
export function capBytes(value: string, max: number): string {
  if (Buffer.byteLength(value, 'utf8') <= max) return value;
  let bytes = 0;
  let units = 0;
  while (units < value.length) {
    const point = value.codePointAt(units)!;
    const size = point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
    if (bytes + size > max) break;
    bytes += size;
    units += point > 0xffff ? 2 : 1;
  }
  return value.slice(0, units);
}

/** A one-line value: line breaks and tabs become a space, other control characters, NULs and lone surrogates go, trimmed and capped. */
export function cleanLine(value: string | null | undefined, maxChars = TEXT_MAX_CHARS): string {
  if (!value) return '';
  const line = value.replace(LONE_SURROGATES, '').replace(LINE_BREAKS, ' ').replace(CONTROLS, '').trim();
  return capChars(line, maxChars).trim();
}

/** Lyrics and other text of many lines: kept whole, tabs and line breaks (as \n) kept, other control characters removed. */
export function cleanMultiline(value: string | null | undefined): string {
  if (!value) return '';
  return value.replace(LONE_SURROGATES, '').replace(/\r\n?/g, '\n').replace(CONTROLS, '').trim();
}

/**
 * A name that is also an index key (an artist, an album, an album artist): a clean line, shortened
 * until its folded form (what the keys and look-ups use, lib/text foldText) is at most INDEX_KEY_MAX_BYTES.
 */
export function cleanName(value: string | null | undefined): string {
  const line = cleanLine(value);
  if (Buffer.byteLength(foldText(line), 'utf8') <= INDEX_KEY_MAX_BYTES) return line;
  const points = Array.from(line);
  // folding can lengthen text (NFKD), so the longest fitting start is searched, not computed
  let low = 0;
  let high = points.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (Buffer.byteLength(foldText(points.slice(0, mid).join('')), 'utf8') <= INDEX_KEY_MAX_BYTES) low = mid;
    else high = mid - 1;
  }
  let fitted = points.slice(0, low).join('').trim();
  while (Buffer.byteLength(foldText(fitted), 'utf8') > INDEX_KEY_MAX_BYTES) fitted = Array.from(fitted).slice(0, -1).join('').trim();
  return fitted;
}

/** An indexed key made from tag text (songs.sort_key, songs.match_key): at most INDEX_KEY_MAX_BYTES. */
export function boundKey(key: string): string {
  return capBytes(key, INDEX_KEY_MAX_BYTES);
}

/** Whether a file's absolute path fits songs.file_path's unique index. */
export function pathFitsIndex(filePath: string): boolean {
  return Buffer.byteLength(filePath, 'utf8') <= PATH_MAX_BYTES;
}

/** A whole number the integer columns take, in [min, 2^31 - 1]; anything else is unknown. */
function boundInt(value: number | null, min = 0): number | null {
  return value !== null && Number.isInteger(value) && value >= min && value <= 2 ** 31 - 1 ? value : null;
}

/** A finite number a `real` column takes (ReplayGain); anything else is unknown. */
function boundReal(value: number | null): number | null {
  return value !== null && Number.isFinite(value) && Math.abs(value) < 1e6 ? value : null;
}

function cleanId(value: string | null): string | null {
  return cleanLine(value, ID_MAX_CHARS) || null;
}

/**
 * Characters of lyrics a song keeps, over all its sets (docs/product.md §5.8): a real song's LRC,
 * word stamps and all, is a few thousand; this leaves room for many languages while one hostile tag
 * or .lrc cannot make a row of megabytes. Lines past it are dropped whole; `plain` (a copy of one
 * set's words for Subsonic's getLyrics) has the same cap of its own.
 */
export const LYRICS_MAX_CHARS = 100_000;
/** Sets of lyrics a song keeps (languages and sources). */
export const LYRICS_MAX_SETS = 20;

/** Lines while their text fits in `budget.chars`, each line's text counted; once one does not, no more (-1). */
function withinBudget<T extends { text: string }>(lines: T[], budget: { chars: number }): T[] {
  const kept: T[] = [];
  for (const line of lines) {
    if (line.text.length > budget.chars) {
      budget.chars = -1;
      break;
    }
    budget.chars -= line.text.length;
    kept.push(line);
  }
  return kept;
}

const cleanStart = (ms: number | undefined) => boundInt(Math.round(ms ?? 0)) ?? 0;

function cleanLyricsTracks(tracks: LyricsTrack[], budget: { chars: number }): LyricsTrack[] {
  const out: LyricsTrack[] = [];
  for (const track of tracks.slice(0, LYRICS_MAX_SETS)) {
    const cleaned = track.lines.map((line) =>
      track.synced ? { startMs: cleanStart(line.startMs), text: cleanLine(line.text) } : { text: cleanLine(line.text) },
    );
    const lines = withinBudget(cleaned, budget);
    const offsetMs = Number.isInteger(track.offsetMs) && Math.abs(track.offsetMs) <= 2 ** 31 - 1 ? track.offsetMs : 0;
    if (lines.length) out.push({ lang: cleanLine(track.lang, ID_MAX_CHARS) || 'xxx', synced: track.synced, offsetMs, lines });
  }
  return out;
}

function cleanLyrics(lyrics: SongLyrics | null): SongLyrics | null {
  if (!lyrics) return null;
  const out: SongLyrics = {};
  const plain = capChars(cleanMultiline(lyrics.plain), LYRICS_MAX_CHARS).trim();
  if (plain) out.plain = plain;
  const budget = { chars: LYRICS_MAX_CHARS };
  const synced =
    lyrics.synced &&
    withinBudget(
      lyrics.synced.map((line) => ({ timeMs: cleanStart(line.timeMs), text: cleanLine(line.text) })),
      budget,
    );
  if (synced?.length) out.synced = synced;
  const tracks = lyrics.tracks && cleanLyricsTracks(lyrics.tracks, budget);
  if (tracks?.length) out.tracks = tracks;
  const file = lyrics.lrcFile;
  if (file) out.lrcFile = { sizeBytes: boundInt(file.sizeBytes) ?? 0, mtimeMs: Number.isSafeInteger(file.mtimeMs) ? file.mtimeMs : 0 };
  return out.plain || out.synced || out.tracks || out.lrcFile ? out : null;
}

/**
 * Tags as the database takes them: text cleaned and capped, names fitted to their index keys, lists
 * of at most LIST_MAX values, numbers in their columns' range. `fallbackTitle` (the file's name)
 * names a song whose title tag leaves nothing. Idempotent: clean tags come back unchanged.
 */
export function cleanTrackTags(tags: TrackTags, fallbackTitle: string): TrackTags {
  const artists = unique(tags.artists.map(cleanName)).slice(0, LIST_MAX);
  const names = artists.length ? artists : [UNKNOWN_ARTIST];
  return {
    ...tags,
    title: cleanLine(tags.title) || cleanLine(fallbackTitle) || UNTITLED,
    artist: cleanLine(tags.artist) || cleanLine(names.join(', ')),
    artists: names,
    album: cleanName(tags.album) || null,
    albumArtist: cleanName(tags.albumArtist) || null,
    trackNumber: boundInt(tags.trackNumber),
    discNumber: boundInt(tags.discNumber),
    year: boundInt(tags.year, 1),
    genres: unique(tags.genres.map((genre) => cleanLine(genre, ID_MAX_CHARS))).slice(0, LIST_MAX),
    mbzTrackId: cleanId(tags.mbzTrackId),
    mbzAlbumId: cleanId(tags.mbzAlbumId),
    mbzArtistId: cleanId(tags.mbzArtistId),
    rgTrackGain: boundReal(tags.rgTrackGain),
    rgTrackPeak: boundReal(tags.rgTrackPeak),
    rgAlbumGain: boundReal(tags.rgAlbumGain),
    rgAlbumPeak: boundReal(tags.rgAlbumPeak),
    durationMs: Math.min(Math.max(Math.round(tags.durationMs), 1), 2 ** 31 - 1),
    bitRate: boundInt(tags.bitRate),
    sampleRate: boundInt(tags.sampleRate),
    codec: cleanLine(tags.codec, ID_MAX_CHARS),
    container: cleanLine(tags.container, ID_MAX_CHARS),
    lyrics: cleanLyrics(tags.lyrics),
  };
}
