import type { LyricsTrack } from '../../../contract/lyrics';
import type { DemoTrack } from './catalogue';

/** Invented words of each demo track (docs/product.md §5.8), sung in turn, over and over, to its end. */
export const DEMO_VERSES: Record<string, readonly string[]> = {
  'Copper Skylines': ['Copper skylines burning low', 'Every window soft and slow', 'Hold the evening in your hand', 'Till the city understands'],
  'Saltwater Static': ['Saltwater static on the line', 'Your voice is breaking up in time', 'Turn the dial, find the sea', 'Somewhere it is calling me'],
  'Paper Lanterns in July': ['Paper lanterns in July', 'Drifting up to meet the sky', 'Every wish a little flame', 'Every flame a whispered name'],
  'Night Bus to Larkhill': [
    'Night bus rolling to Larkhill',
    'Streetlights blinking on the sill',
    'Half asleep against the glass',
    'Watching all the hours pass',
  ],
  'Glasshouse Summer': ['Glasshouse summer, green and bright', 'Tomatoes ripen in the light', 'Open every pane you can', 'Let the warm air in again'],
  'Low Orbit Lullaby': ['Low orbit, hush now', 'The earth turns below', 'Close your eyes, little star', 'We are not so far'],
  'Cinder Street Shuffle': ['Down on Cinder Street we go', 'Shuffle fast and shuffle slow', 'Kick the ashes, raise the sound', 'Nobody sits this one down'],
  'Northbound Signals': ['Northbound signals in the snow', 'Telling me which way to go', 'Every beacon, every light', 'Leads me further through the night'],
  'Lemon Grove Waltz': ['Round the lemon grove', 'One, two, three we go', 'Blossoms in your hair', 'Sunlight everywhere'],
  'Midnight Laundromat': ['Midnight laundromat hum', 'Waiting for the spin to come', 'Socks and secrets tumble round', 'Folded quiet, safe and sound'],
  'Atlas of Small Hours': ['An atlas of the small hours', 'Mapped by kettles and by showers', 'Every clock a quiet town', 'Every dream a road back down'],
  'Rêverie for Tram Lines': ['Tram lines singing in the rain', 'Carry me downtown again', 'Bells at every corner ring', 'Rêverie of everything'],
  'Rust Belt Radio': ['Rust belt radio, play it loud', 'Static rising like a cloud', 'Old songs from the factory floor', 'Play them once and play them more'],
  'Velvet Undertow': ['Velvet undertow', 'Pulling me below', 'Soft and dark and deep', 'Singing me to sleep'],
};

/**
 * The synced lyrics of a demo track: a line at the start of every bar or two (whichever gives a line
 * every 2-4 s at its tempo), from the first bar to the end, so a fresh install's lyrics view moves.
 */
export function demoLyrics(track: DemoTrack): LyricsTrack {
  const verse = DEMO_VERSES[track.title] ?? [track.title];
  const barMs = ((track.groove === 'waltz' ? 3 : 4) * 60_000) / track.bpm;
  const stepMs = barMs * Math.ceil(2000 / barMs);
  const lines: LyricsTrack['lines'] = [];
  for (let i = 0; i * stepMs <= track.durationSec * 1000 - 1000; i += 1) lines.push({ startMs: Math.round(i * stepMs), text: verse[i % verse.length] });
  return { lang: 'eng', synced: true, offsetMs: 0, lines };
}
