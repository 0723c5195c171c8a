import type { LyricsTrack } from '../../../contract/lyrics';
import { languageLabels, languageName } from './languages';

const set = (lang: string, synced: boolean): LyricsTrack => ({ lang, synced, offsetMs: 0, lines: [] });

describe('lyrics languages', () => {
  it('names ISO 639-2 codes, and says when the file did not', () => {
    expect(languageName('eng')).toBe('English');
    expect(languageName('deu')).toBe('German');
    expect(languageName('xxx')).toBe('Unknown language');
    expect(languageName('qqq')).toBe('qqq');
    expect(languageName('not a code')).toBe('not a code');
  });

  it('tells apart a synced and a plain set of one language', () => {
    expect(languageLabels([set('eng', true), set('fra', true), set('eng', false)])).toEqual(['English', 'French', 'English (not synced)']);
  });
});
