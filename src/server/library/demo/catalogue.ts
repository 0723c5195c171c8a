export type NoteName = 'C' | 'C#' | 'Db' | 'D' | 'Eb' | 'E' | 'F' | 'F#' | 'G' | 'Ab' | 'A' | 'Bb' | 'B';
export type ScaleName = 'major' | 'minor' | 'dorian' | 'mixolydian' | 'lydian' | 'phrygian' | 'harmonicMinor';
export type Waveform = 'sine' | 'triangle' | 'square' | 'pulse' | 'saw' | 'organ';
/** Drum and bass feel; 'waltz' is the one in 3/4. */
export type Groove = 'backbeat' | 'fourOnTheFloor' | 'halfTime' | 'waltz' | 'sparse';

export interface DemoTrack {
  title: string;
  artist: string;
  bpm: number;
  key: { tonic: NoteName; scale: ScaleName };
  /** timbre of the melody line */
  waveform: Waveform;
  groove: Groove;
  durationSec: number;
}

/** Invented songs and artists. The melody of each is derived from its title and artist, so renaming one changes its tune. */
export const DEMO_TRACKS: readonly DemoTrack[] = [
  {
    title: 'Copper Skylines',
    artist: 'Juniper Vale Collective',
    bpm: 96,
    key: { tonic: 'D', scale: 'major' },
    waveform: 'triangle',
    groove: 'backbeat',
    durationSec: 64,
  },
  {
    title: 'Saltwater Static',
    artist: 'Marlowe & the Tidewalkers',
    bpm: 118,
    key: { tonic: 'E', scale: 'minor' },
    waveform: 'saw',
    groove: 'fourOnTheFloor',
    durationSec: 52,
  },
  {
    title: 'Paper Lanterns in July',
    artist: 'Odessa Brightwater',
    bpm: 84,
    key: { tonic: 'G', scale: 'lydian' },
    waveform: 'sine',
    groove: 'halfTime',
    durationSec: 80,
  },
  {
    title: 'Night Bus to Larkhill',
    artist: 'The Velvet Cartographers',
    bpm: 124,
    key: { tonic: 'A', scale: 'minor' },
    waveform: 'square',
    groove: 'fourOnTheFloor',
    durationSec: 47,
  },
  {
    title: 'Glasshouse Summer',
    artist: 'Ines Okafor-Lund',
    bpm: 104,
    key: { tonic: 'F', scale: 'major' },
    waveform: 'pulse',
    groove: 'backbeat',
    durationSec: 66,
  },
  {
    title: 'Low Orbit Lullaby',
    artist: 'Halcyon Arcade Ensemble',
    bpm: 70,
    key: { tonic: 'Eb', scale: 'major' },
    waveform: 'sine',
    groove: 'sparse',
    durationSec: 96,
  },
  {
    title: 'Cinder Street Shuffle',
    artist: 'Dex Ambrose Trio',
    bpm: 132,
    key: { tonic: 'G', scale: 'mixolydian' },
    waveform: 'organ',
    groove: 'backbeat',
    durationSec: 41,
  },
  {
    title: 'Northbound Signals',
    artist: 'Kestrel Room',
    bpm: 110,
    key: { tonic: 'B', scale: 'minor' },
    waveform: 'saw',
    groove: 'fourOnTheFloor',
    durationSec: 72,
  },
  {
    title: 'Lemon Grove Waltz',
    artist: 'The Amber Gardeners',
    bpm: 144,
    key: { tonic: 'C', scale: 'major' },
    waveform: 'triangle',
    groove: 'waltz',
    durationSec: 48,
  },
  {
    title: 'Midnight Laundromat',
    artist: 'Sunny Okonkwo-Park',
    bpm: 90,
    key: { tonic: 'D', scale: 'dorian' },
    waveform: 'square',
    groove: 'halfTime',
    durationSec: 55,
  },
  {
    title: 'Atlas of Small Hours',
    artist: 'Tomasz Fieldhouse',
    bpm: 76,
    key: { tonic: 'A', scale: 'harmonicMinor' },
    waveform: 'organ',
    groove: 'sparse',
    durationSec: 84,
  },
  {
    title: 'Rêverie for Tram Lines',
    artist: 'Élodie Varga Quartet',
    bpm: 100,
    key: { tonic: 'Bb', scale: 'major' },
    waveform: 'pulse',
    groove: 'backbeat',
    durationSec: 36,
  },
  {
    title: 'Rust Belt Radio',
    artist: 'Cass Delacroix-Monroe',
    bpm: 128,
    key: { tonic: 'E', scale: 'mixolydian' },
    waveform: 'square',
    groove: 'fourOnTheFloor',
    durationSec: 49,
  },
  { title: 'Velvet Undertow', artist: 'Mira Solenne', bpm: 88, key: { tonic: 'F', scale: 'phrygian' }, waveform: 'sine', groove: 'halfTime', durationSec: 62 },
];
