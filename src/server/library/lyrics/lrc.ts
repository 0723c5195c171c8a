/** What an LRC text says: its timed lines, sorted by time, its own [offset:] in ms and, when it says, its [la:] language. */
export interface ParsedLrc {
  offsetMs: number;
  lines: { startMs: number; text: string }[];
  lang?: string;
}

/** [mm:ss], [mm:ss.x], [mm:ss.xx], [mm:ss.xxx] and [mm:ss:xx] */
const TIME_TAG = /^\[(\d{1,5}):(\d{1,2})(?:[.:](\d{1,3}))?\]/;
const OFFSET_TAG = /^\[offset:\s*([+-]?\d{1,9})\s*\]$/i;
/** an ISO 639 code: two letters (639-1, "en") or three (639-2, "eng") */
const LANGUAGE_TAG = /^\[la:\s*([a-z]{2,3})\s*\]$/i;
/** enhanced LRC's word stamps: <mm:ss.xx> before each word */
const WORD_STAMP = /<\d{1,5}:\d{1,2}(?:[.:]\d{1,3})?>/g;

function timeMs(minutes: string, seconds: string, fraction: string | undefined): number {
  // a fraction is of a second whatever its digits: .5 = 500 ms, .05 = 50 ms, .005 = 5 ms
  const ms = fraction ? Number(fraction.padEnd(3, '0')) : 0;
  return (Number(minutes) * 60 + Number(seconds)) * 1000 + ms;
}

/**
 * The timed lines of an LRC text (docs/product.md §5.8), or null when no line carries a time (then
 * it is plain text). A line with several times is repeated at each; metadata tags ([ar:], [ti:],
 * [length:], ...) are left out, but a language [la:] is kept; a timed line with no words is kept as "" (a pause). Never throws.
 */
export function parseLrc(source: string): ParsedLrc | null {
  const lines: ParsedLrc['lines'] = [];
  let offsetMs = 0;
  let lang: string | undefined;
  for (const raw of source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    let rest = raw.trim();
    const offset = OFFSET_TAG.exec(rest);
    if (offset) {
      offsetMs = Number(offset[1]);
      continue;
    }
    const language = LANGUAGE_TAG.exec(rest);
    if (language) {
      lang = language[1].toLowerCase();
      continue;
    }
    const starts: number[] = [];
    for (let tag = TIME_TAG.exec(rest); tag; tag = TIME_TAG.exec(rest)) {
      starts.push(timeMs(tag[1], tag[2], tag[3]));
      rest = rest.slice(tag[0].length).trimStart();
    }
    if (!starts.length) continue;
    const text = rest.replace(WORD_STAMP, '').replace(/\s+/g, ' ').trim();
    for (const startMs of starts) lines.push({ startMs, text });
  }
  if (!lines.length) return null;
  // a stable sort: lines of one time keep the file's order
  lines.sort((a, b) => a.startMs - b.startMs);
  return lang ? { offsetMs, lines, lang } : { offsetMs, lines };
}
