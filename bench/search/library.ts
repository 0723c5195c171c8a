/**
 * A deterministic, realistic-looking library of N songs and the search terms users would type
 * into it: whole words, three-letter prefixes as they type, two-word phrases, accented input,
 * artist names, and misses. Pure: the same seed gives the same library and terms.
 */
import { createRng } from '../../src/server/library/demo/random';

const ADJECTIVES = [
  'midnight',
  'velvet',
  'golden',
  'silent',
  'electric',
  'hollow',
  'crimson',
  'paper',
  'neon',
  'frozen',
  'wild',
  'lonely',
  'burning',
  'silver',
  'broken',
  'endless',
  'gentle',
  'distant',
  'restless',
  'hidden',
  'summer',
  'winter',
  'autumn',
  'morning',
  'evening',
  'secret',
  'crystal',
  'wooden',
  'stormy',
  'quiet',
  'violet',
  'amber',
  'scarlet',
  'dusty',
  'rusty',
  'sleepy',
  'sunny',
  'rainy',
  'misty',
  'lucky',
  'brave',
  'tender',
  'bitter',
  'sweet',
  'little',
  'heavy',
  'empty',
  'open',
  'final',
  'first',
  'café',
  'señora',
  'noël',
  'über',
  'déjà',
  'naïve',
  'jalapeño',
  'fiancé',
  'crème',
  'piñata',
];
const NOUNS = [
  'river',
  'highway',
  'garden',
  'harbor',
  'mirror',
  'window',
  'thunder',
  'lantern',
  'meadow',
  'canyon',
  'ocean',
  'desert',
  'forest',
  'city',
  'station',
  'letter',
  'heart',
  'shadow',
  'signal',
  'echo',
  'train',
  'bridge',
  'island',
  'mountain',
  'valley',
  'kingdom',
  'circus',
  'carousel',
  'engine',
  'compass',
  'feather',
  'ribbon',
  'candle',
  'anchor',
  'rocket',
  'planet',
  'comet',
  'horizon',
  'avenue',
  'alley',
  'dream',
  'song',
  'dance',
  'waltz',
  'lullaby',
  'anthem',
  'ballad',
  'serenade',
  'overture',
  'reverie',
  'door',
  'road',
  'rain',
  'fire',
  'stone',
  'glass',
  'smoke',
  'wave',
  'wind',
  'sky',
];
const ENDINGS = ['', '', '', ' (live)', ' (remix)', ' part ii', ' reprise', ' (acoustic)', ' 1999', ' at dawn', ' tonight', ' forever'];
const FIRST = [
  'Ada',
  'Bruno',
  'Clara',
  'Dmitri',
  'Elena',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kenji',
  'Lena',
  'Marco',
  'Nadia',
  'Oskar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sami',
  'Tove',
  'Ulla',
  'Victor',
  'Wanda',
  'Xavier',
  'Yara',
  'Zoë',
  'Björn',
  'Chloé',
];
const LAST = [
  'Moreau',
  'Okafor',
  'Lindqvist',
  'Tanaka',
  'Novak',
  'Ferreira',
  'Haddad',
  'Kowalski',
  'Brennan',
  'Costa',
  'Dubois',
  'Eriksen',
  'García',
  'Horvath',
  'Ivanova',
  'Jansen',
  'Kim',
  'Laurent',
  'Müller',
  'Nakamura',
  'Olsen',
  'Petrov',
  'Quinn',
  'Rossi',
];
const BANDS = ['The', 'Los', 'Les', 'Die'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const cap = (s: string) => s.replace(/(^|\s)(\p{L})/gu, (_m, sp: string, c: string) => sp + c.toUpperCase());

export interface GeneratedSong {
  title: string;
  artist: string;
  durationMs: number;
}

/** Song i of the library: the same seed and index always give the same song. */
export function* generateSongs(count: number, seed = 42): Generator<GeneratedSong> {
  const random = createRng(seed);
  for (let i = 0; i < count; i += 1) {
    const words =
      random() < 0.5 ? `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}` : `${pick(random, NOUNS)} of ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`;
    const title = cap(words + pick(random, ENDINGS));
    const artist =
      random() < 0.6 ? `${pick(random, FIRST)} ${pick(random, LAST)}` : `${pick(random, BANDS)} ${cap(pick(random, ADJECTIVES))} ${cap(pick(random, NOUNS))}s`;
    const durationMs = 60_000 + Math.floor(random() * 420_000);
    yield { title, artist, durationMs };
  }
}

/** Search terms as users type them: prefixes, whole words, phrases, names, accents, misses. */
export function searchTerms(count = 240, seed = 7): string[] {
  const random = createRng(seed);
  const terms: string[] = [];
  const kinds = [
    () => pick(random, NOUNS).slice(0, 3), // typing: first three letters
    () => pick(random, ADJECTIVES), // a whole word
    () => `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`, // a phrase, often a title
    () => pick(random, LAST), // an artist
    () => `${pick(random, FIRST)} ${pick(random, LAST)}`.toLowerCase(), // a full name, rarer
    () => pick(random, ['cafe', 'senora', 'noel', 'uber', 'deja', 'zoe', 'muller', 'garcia']), // accents left out
    () => pick(random, ['zzyzx', 'qwertyuiop', 'xylophonic', 'kraftwerkz']), // no match at all
    () => `${pick(random, NOUNS)} (live)`, // punctuation
  ];
  for (let i = 0; i < count; i += 1) terms.push(kinds[i % kinds.length]());
  return terms;
}
