import { MESSAGES } from '../../../contract/messages';

/** The lyrics view's words (docs/product.md §2.15), written once. */
export const LYRICS_TEXT = {
  toggle: 'Lyrics',
  heading: 'Lyrics',
  language: 'Language',
  loading: 'Loading lyrics',
  noLyrics: MESSAGES.noLyrics,
  nothingPlaying: 'Play a song to see its lyrics',
  loadFailed: 'Couldn’t load the lyrics',
  retry: 'Retry',
  unknownLanguage: 'Unknown language',
  plainSet: 'not synced',
  radioFollows: 'Following the radio',
} as const;
