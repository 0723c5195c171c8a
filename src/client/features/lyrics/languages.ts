import type { LyricsTrack } from '../../../contract/lyrics';
import { LYRICS_TEXT } from './lyricsText';

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The name of an ISO 639 code ("eng" or "en": English); "xxx" or a code the browser does not know reads as itself or unknown. */
export function languageName(code: string): string {
  if (code === 'xxx' || code === 'und') return LYRICS_TEXT.unknownLanguage;
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** One label per set for the language choice; a plain set says so when another set has its language. */
export function languageLabels(tracks: LyricsTrack[]): string[] {
  return tracks.map((track) => {
    const name = languageName(track.lang);
    const shared = tracks.some((other) => other !== track && other.lang === track.lang);
    return shared && !track.synced ? `${name} (${LYRICS_TEXT.plainSet})` : name;
  });
}
